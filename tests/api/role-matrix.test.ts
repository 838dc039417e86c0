import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { ROLES, type Role } from '../../contract/roles';
import { type ApiRoute, accessOf, isAllowed } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function concretePath(route: ApiRoute) {
  return `/api${route.url.replace(/:\w+/g, '1')}`;
}

/** One call as the role (or with no token), with a fresh session so that logout or a password reset cannot spoil the next call. */
async function callAs(route: ApiRoute, role: Role | null) {
  const token = role ? await server.sessionFor(role) : undefined;
  const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  return server.call(route.method, concretePath(route), { token, body });
}

type Outcome = { route: string; caller: string; status: number; code: number; expected: string };

/** What the declaration says a caller gets: the role check's 403, the missing token's 401, or past both. */
function expectation(route: ApiRoute, role: Role | null): 'unauthenticated' | 'forbidden' | 'passes' {
  const rule = accessOf(route, server.app.config);
  if (rule.kind === 'public') return 'passes';
  if (role === null) return 'unauthenticated';
  return isAllowed(rule, role) ? 'passes' : 'forbidden';
}

function meets(expected: ReturnType<typeof expectation>, status: number, code: number): boolean {
  if (expected === 'unauthenticated') return status === 401 && code === CODES.illegalToken;
  if (expected === 'forbidden') return status === 403 && code === CODES.forbidden;
  return status !== 401 && status !== 403 && status !== 500;
}

describe('role matrix', () => {
  it('answers every declared route for every role and for no token as the declaration says', async () => {
    const outcomes: Outcome[] = [];
    // One after another: a reset password or a logout must not overlap another call's session.
    for (const route of apiRoutes) {
      for (const role of [null, ...ROLES]) {
        const res = await callAs(route, role);
        outcomes.push({
          route: `${route.method} ${route.url}`,
          caller: role ?? '(no token)',
          status: res.status,
          code: res.body.code,
          expected: expectation(route, role),
        });
      }
    }
    const wrong = outcomes.filter(
      (o) => !meets(o.expected as ReturnType<typeof expectation>, o.status, o.code),
    );
    expect(wrong).toEqual([]);

    // The matrix is only worth something if it walked every route and saw every kind of answer.
    expect(outcomes.length).toBe(apiRoutes.length * (ROLES.length + 1));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(25);
    const statuses = outcomes.map((o) => o.status);
    expect(statuses.filter((s) => s >= 200 && s < 300).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => o.expected === 'forbidden').length).toBeGreaterThanOrEqual(20);
  });

  it('declares every route once', () => {
    const keys = apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // The declarations themselves, for routes whose audience is a product rule.
  it.each([
    ['GET', '/users', ['superAdmin']],
    ['POST', '/users', ['superAdmin']],
    ['PUT', '/users/enable/:id', ['superAdmin']],
    ['POST', '/user/random-password/:id', ['superAdmin']],
    ['POST', '/unbind', ['superAdmin']],
    ['PUT', '/lawfirms/:id/review', ['bussinessOperation', 'superAdmin']],
    ['PUT', '/lawyers/:id/review', ['bussinessOperation', 'lawfirmContactPerson', 'superAdmin']],
    ['GET', '/dashboard/lawyer-workplace', ['lawyer']],
    ['PUT', '/cases/:id', ['caseOperation', 'superAdmin']],
    // Attachments: who edits a case adds and removes them; who reads it downloads them.
    ['POST', '/cases/:id/attachments', ['caseOperation', 'superAdmin']],
    ['DELETE', '/cases/:id/attachments/:attachmentId', ['caseOperation', 'superAdmin']],
    [
      'GET',
      '/cases/:id/attachments/:attachmentId',
      ['caseOperation', 'bussinessOperation', 'lawfirmContactPerson', 'lawyer', 'superAdmin'],
    ],
    [
      'GET',
      '/cases/:id',
      ['caseOperation', 'bussinessOperation', 'lawfirmContactPerson', 'lawyer', 'superAdmin'],
    ],
    // The API's own description (unless API_DOCS_PUBLIC=1, see http-edges.test.ts).
    ['GET', '/docs', ['admin', 'superAdmin']],
    ['GET', '/user/info', [...ROLES]],
    ['POST', '/user/save-info', [...ROLES]],
  ])('lets exactly the intended roles call %s %s', (method, url, roles) => {
    const route = apiRoutes.find((r) => r.method === method && r.url === url);
    expect(route, `${method} ${url} is declared`).toBeDefined();
    const allowed = ROLES.filter((role) => route && isAllowed(route.access, role));
    expect([...allowed].sort()).toEqual([...roles].sort());
  });

  it('keeps sign-in, registration, SMS and health public', () => {
    const publicRoutes = apiRoutes
      .filter((r) => r.access.kind === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        'POST /login',
        'GET /send-sms',
        'POST /reset-password',
        'POST /register/lawfirm',
        'POST /register/lawyer',
        'GET /register/lawfirms',
        'GET /health',
      ]),
    );
    expect(publicRoutes).not.toContain('GET /docs');
  });
});
