import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../contract/roles';
import type { ApiRoute } from '../../server/http/route';
import { isAllowed } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const concretePath = (route: ApiRoute) => `/api${route.url.replace(/:\w+/g, '1')}`;
const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;

/** Whether a Cache-Control value forbids storing the answer anywhere. */
const noStore = (value: string | null) => (value ?? '').split(/,\s*/).includes('no-store');

describe('every /api answer is Cache-Control: no-store', () => {
  it('holds for every declared route called without a session (refusals, and the public answers)', async () => {
    const stored: string[] = [];
    for (const route of apiRoutes) {
      if (route.credential === 'ticket') continue;
      const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
      const res = await server.call(route.method, concretePath(route), { body });
      if (!noStore(res.headers.get('cache-control')))
        stored.push(`${keyOf(route)} ${res.status} ${res.headers.get('cache-control')}`);
    }
    expect(stored).toEqual([]);
  });

  it('holds for every GET route as a role that may call it (JSON, files, downloads)', async () => {
    const stored: string[] = [];
    const statuses = new Set<number>();
    const types = new Set<string>();
    for (const route of apiRoutes.filter((r) => r.method === 'GET' && r.credential !== 'ticket')) {
      const role = route.access === 'public' ? null : ROLES.find((r: Role) => isAllowed(route.access, r));
      const token = role ? await server.sessionFor(role) : undefined;
      const res = await server.call('GET', concretePath(route), { token });
      statuses.add(res.status);
      types.add((res.headers.get('content-type') ?? '').split(';')[0] ?? '');
      if (!noStore(res.headers.get('cache-control')))
        stored.push(`${keyOf(route)} ${res.status} ${res.headers.get('cache-control')}`);
    }
    expect(stored).toEqual([]);
    // The walk saw answers, refusals and files alike.
    expect(statuses).toContain(200);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
    expect(types).toContain('application/json');
    expect(types).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('holds for the live message stream, which also keeps no-cache', async () => {
    const token = await server.sessionFor('lawyer');
    const ticket = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/notifications/stream?ticket=${ticket.body.data.ticket}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const value = res.headers.get('cache-control');
    controller.abort();
    expect(noStore(value)).toBe(true);
    expect(value).toContain('no-cache');
  });

  it('holds for an unknown API path and a URL the server cannot decode', async () => {
    for (const path of ['/api/no-such-route', '/api', '/api/cases/%E0%A4%A']) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(noStore(res.headers.get('cache-control')), path).toBe(true);
    }
  });
});
