import { HttpResponse, http as mock } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../mocks/envelope';
import { server } from '../../../mocks/server';
import { type HttpEnvironment, installInterceptors } from '../../../src/api/interceptors';
import { apiGet, prepareHttp } from '../../../src/api/request';

const environment: HttpEnvironment = { navigateToLogin: () => {}, reloadPage: () => {} };
let uninstall: (() => void) | null = null;

afterEach(() => {
  uninstall?.();
  uninstall = null;
  localStorage.clear();
});

describe('the API client loaded with the first call', () => {
  it('installs the interceptors once, before the first call goes out', async () => {
    localStorage.setItem('token', 'token-1');
    const events: string[] = [];
    prepareHttp(async () => {
      events.push('install');
      uninstall = installInterceptors(environment);
    });
    server.use(
      mock.get('/api/things', ({ request }) => {
        events.push(`request ${request.headers.get('authorization')}`);
        return ok({ n: 1 });
      }),
    );
    const [first, second] = await Promise.all([apiGet('/things'), apiGet('/things')]);
    // The interceptors unwrapped the envelope, and put the token on both calls.
    expect(first).toEqual({ n: 1 });
    expect(second).toEqual({ n: 1 });
    expect(events).toEqual(['install', 'request Bearer token-1', 'request Bearer token-1']);
  });

  it('tries again on the next call when loading failed', async () => {
    let attempts = 0;
    prepareHttp(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed to load');
      uninstall = installInterceptors(environment);
    });
    localStorage.setItem('token', 'token-1');
    server.use(
      mock.get('/api/things', () => HttpResponse.json({ status: 'ok', code: 20000, msg: 'ok', data: 2 })),
    );
    await expect(apiGet('/things')).rejects.toThrow('chunk failed to load');
    await expect(apiGet('/things')).resolves.toBe(2);
    expect(attempts).toBe(2);
  });
});
