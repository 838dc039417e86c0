import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessRule, can } from '../../contract/access';
import type { MenuNode } from '../../contract/menu';
import { ROLES, type Role } from '../../contract/roles';
import { routesBreadthFirst } from '../../contract/routes';
import { startServer, type TestServer } from './harness';

/**
 * Issue 4's "done when": every route of each role's menu opens a real page from a server
 * descriptor (never the not-yet-available placeholder), and every data source the page
 * reads answers for that role.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Every path under a `source` key (tabs and drawers included) of the parts the role may see. */
function sources(value: unknown, role: Role, under = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => sources(v, role, under));
  if (!value || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  // A part whose rule the role does not hold is not rendered for it (the registry's `can`).
  if (typeof object.access === 'string' && !can(object.access as AccessRule, role)) return [];
  const own = under === 'source' && typeof object.path === 'string' ? [object.path] : [];
  return [...own, ...Object.entries(object).flatMap(([key, child]) => sources(child, role, key))];
}

function mentions(value: unknown, text: string): boolean {
  return JSON.stringify(value).includes(text);
}

/** An id each parameterised route can open for this role: a case, a user or a batch in its scope. */
async function sampleParams(role: Role, token: string): Promise<Record<string, string>> {
  const casesPath = role === 'lawyer' ? '/api/cases/mine?pageSize=1' : '/api/cases?pageSize=1';
  const cases = await server.call<{ list: Array<{ id: number }> }>('GET', casesPath, { token });
  const me = await server.call<{ id: number }>('GET', '/api/user/info', { token });
  const batches = await server.call<{ list?: Array<{ id: number }> }>('GET', '/api/batches?pageSize=1', {
    token,
  });
  return {
    caseId: String(cases.body.data?.list?.[0]?.id ?? 1),
    userId: String(me.body.data.id),
    batchId: String(batches.body.data?.list?.[0]?.id ?? 1),
  };
}

function fill(path: string, sample: Record<string, string>, routePath: string): string {
  const id = routePath.startsWith('/xiaolvban/')
    ? sample.userId
    : routePath.startsWith('/list/batch-detail/')
      ? sample.batchId
      : sample.caseId;
  return path.replace(/:id\b/g, id).replace(/:path\b/g, 'x');
}

describe('every page of every role', () => {
  for (const role of ROLES) {
    it(`opens a real, data-backed page for each route in the ${role} menu`, async () => {
      const token = await server.tokenFor(role);
      const menu = await server.call<MenuNode[]>('GET', '/api/user/menu', { token });
      expect(menu.status).toBe(200);
      const routes = routesBreadthFirst(menu.body.data).filter((r) => r.page);
      expect(routes.length).toBeGreaterThan(0);
      const sample = await sampleParams(role, token);
      const problems: string[] = [];
      for (const route of routes) {
        const page = await server.call<Record<string, unknown>>('GET', `/api/pages/${route.page}`, { token });
        if (page.status !== 200) {
          problems.push(`${route.path}: page ${page.status}`);
          continue;
        }
        if (mentions(page.body.data, 'page.notYetAvailable'))
          problems.push(`${route.path}: not yet available`);
        for (const source of sources(page.body.data, role)) {
          const path = `/api${fill(source, sample, route.path)}`;
          const data = await server.call('GET', path, { token });
          if (data.status !== 200)
            problems.push(`${route.path}: GET ${path} answered ${data.status} ${data.body.msg}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
