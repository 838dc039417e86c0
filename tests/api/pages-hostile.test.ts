import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { translate } from '../../contract/messages';
import { startServer, type TestServer } from './harness';
import { deepTabsJson, errorPaths, put, usePageServer, userTable } from './page-fixtures';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await usePageServer(server);
});
afterAll(() => server.close());

const ninthPage = Array(8).fill('tabs.0.page').join('.');

describe('a hostile descriptor is refused, never a 500', () => {
  const putRaw = (id: string, rawBody: string, lang = 'zh-CN') =>
    server.call('PUT', `/api/pages/${id}`, {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
    });

  it('refuses tabs nested 10,000 deep at the ninth page, in the caller language', async () => {
    const body = deepTabsJson(10_000, false);
    expect(body.length).toBeLessThan(1024 * 1024); // under Fastify's body limit: the schema sees it
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const res = await putRaw('renewal-follow', body, lang);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(CODES.validation);
      expect(res.body.errors).toEqual([{ path: ninthPage, message: translate(lang, 'descriptor.tooDeep') }]);
    }
  });

  it('answers complete tabs pages 10,000 deep, larger than the body limit, with the 413 envelope', async () => {
    const res = await putRaw('renewal-follow', deepTabsJson(10_000, true));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.payloadTooLarge });
  });

  it('takes eight levels of pages and refuses a ninth', async () => {
    const nested = (levels: number): unknown =>
      levels === 1
        ? { schemaVersion: 1, id: 'leaf', type: 'result', title: 'menu.renewalFollow', status: 'info' }
        : {
            schemaVersion: 1,
            id: levels === 8 || levels === 9 ? 'renewal-follow' : `level-${levels}`,
            type: 'tabs',
            title: 'menu.renewalFollow',
            tabs: [{ key: 'k', title: 'menu.renewalFollow', page: nested(levels - 1) }],
          };
    expect((await put('renewal-follow', nested(8))).status).toBe(200);
    const res = await put('renewal-follow', nested(9));
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual([ninthPage]);
  });

  it('refuses a descriptor larger than its byte limit, at the value that crossed it', async () => {
    const res = await put('renewal-follow', {
      schemaVersion: 1,
      id: 'renewal-follow',
      type: 'result',
      title: 'menu.renewalFollow',
      status: 'info',
      subtitle: 'x'.repeat(300 * 1024),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'subtitle', message: translate('zh-CN', 'descriptor.tooLarge') },
    ]);
  });

  it('refuses more objects than a descriptor may hold, at the first one too many', async () => {
    const options = Array.from({ length: 200 }, (_, i) => ({ value: i, label: 'menu.userAccount' }));
    const descriptor = userTable('account-center');
    descriptor.filters = Array.from({ length: 11 }, (_, i) => ({
      name: `f${i}`,
      label: 'menu.form',
      input: { kind: 'select', options } as never,
    }));
    const res = await put('account-center', descriptor);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      // The page and its source are objects 1 and 2, each filter 202 more: 2001 is filter 9's option 178.
      { path: 'filters.9.input.options.178', message: translate('zh-CN', 'descriptor.tooManyNodes') },
    ]);
  });
});
