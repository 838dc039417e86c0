import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { ROLES, type Role } from '../../contract/roles';
import type { ApiRoute } from '../../server/http/route';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * Who may call what, written from the product's rules as a literal table, not derived from
 * the declarations (or the ability table) it checks. `public`: anyone, no session needed;
 * otherwise exactly the roles listed get past authorisation, every other role is refused 403
 * and a caller without a token 401. A route missing here, or listed here but not declared,
 * fails the test.
 */
const SA = 'superAdmin';
const CASE_OPS = 'caseOperation';
const BIZ_OPS = 'bussinessOperation';
const FIRM = 'lawfirmContactPerson';
const LAWYER = 'lawyer';
const ADMIN = 'admin';
const EVERYONE: Role[] = [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER, ADMIN];

const WHO_MAY_CALL: Record<string, 'public' | Role[]> = {
  // Signing in and registering: no session.
  'GET /health': 'public',
  'GET /config': 'public',
  'POST /login': 'public',
  'GET /send-sms': 'public',
  'GET /register/lawfirms': 'public',
  'POST /register/lawfirm': 'public',
  'POST /register/lawyer': 'public',
  'POST /reset-password': 'public',

  // One's own session, profile, certifications, messages, menu and pages: every role.
  'POST /logout': EVERYONE,
  'GET /user/info': EVERYONE,
  'POST /user/switch-role': EVERYONE,
  'POST /user/change-password': EVERYONE,
  'POST /user/save-info': EVERYONE,
  'POST /user/bind-phone': EVERYONE,
  'GET /user/certification': EVERYONE,
  'GET /user/certifications': EVERYONE,
  'POST /user/certifications': EVERYONE,
  // The licence image of an application: uploaded by anyone applying; read by its applicant and
  // the reviewers (404 for anyone else, decided in the handler).
  'POST /user/certification-files': EVERYONE,
  'GET /certifications/:id/licence-file': EVERYONE,
  'POST /user/certifications/:id/withdraw': EVERYONE,
  'GET /message/list': EVERYONE,
  'POST /message/read': EVERYONE,
  'POST /notifications/ticket': EVERYONE,
  // Opened with a one-time ticket instead of the header (callAs asks for one as the role).
  'GET /notifications/stream': EVERYONE,
  'GET /user/menu': EVERYONE,
  // The user center: only the caller's own activity, messages, cases and team.
  'GET /user/overview': EVERYONE,
  'GET /pages/:id': EVERYONE,

  // Administration: the super administrator.
  'GET /users': [SA],
  'POST /users': [SA],
  'POST /user/random-password/:id': [SA],
  'PUT /users/enable/:id': [SA],
  'GET /user-info': [SA],
  'POST /user-edit': [SA],
  'POST /unbind': [SA],
  'GET /menus/:role': [SA],
  'PUT /menus/:role': [SA],
  'POST /menus/:role/revert': [SA],
  'GET /menus/:role/history': [SA],
  'GET /menus/:role/draft': [SA],
  'PUT /menus/:role/draft': [SA],
  'DELETE /menus/:role/draft': [SA],
  'GET /menus/:role/diff': [SA],
  'POST /menus/:role/reset': [SA],
  'PUT /menus/:role/presence': [SA],
  'GET /menus/:role/presence': [SA],
  'DELETE /menus/:role/presence': [SA],
  'GET /pages': [SA],
  'PUT /pages/:id': [SA],
  'GET /pages/:id/draft': [SA],
  'PUT /pages/:id/draft': [SA],
  'DELETE /pages/:id/draft': [SA],
  'GET /pages/:id/diff': [SA],
  'PUT /pages/:id/presence': [SA],
  'GET /pages/:id/presence': [SA],
  'DELETE /pages/:id/presence': [SA],
  // A case's replay: dev.tools and cases.read over every case (superAdmin; admin reads no cases).
  'GET /dev/cases/:caseNo/history': [SA],
  // Creditors and batches: kept by case operations, read by business operations too.
  'GET /creditors': [SA, CASE_OPS, BIZ_OPS],
  'GET /creditors/options': [SA, CASE_OPS, BIZ_OPS],
  'GET /creditors/:id': [SA, CASE_OPS, BIZ_OPS],
  'POST /creditors': [SA, CASE_OPS],
  'PUT /creditors/:id': [SA, CASE_OPS],
  'GET /batches': [SA, CASE_OPS, BIZ_OPS],
  'GET /batches/:id': [SA, CASE_OPS, BIZ_OPS],
  'GET /batches/:id/report': [SA, CASE_OPS, BIZ_OPS],
  'GET /creditors/:id/repayments': [SA, CASE_OPS, BIZ_OPS],
  'GET /settlements': [SA, CASE_OPS, BIZ_OPS, FIRM],
  'GET /settlements/:lawFirmId/export': [SA, CASE_OPS, BIZ_OPS, FIRM],
  'GET /pages/:id/history': [SA],
  'POST /pages/:id/revert': [SA],
  'POST /pages/:id/preview': [SA],
  'GET /access': [SA],
  // The API's own description (anyone only with API_DOCS_PUBLIC=1, see http-edges.test.ts).
  'GET /docs': [SA, ADMIN],
  'GET /monitor/stats': [ADMIN],

  // Workplaces.
  'GET /dashboard/workplace': [SA, CASE_OPS, BIZ_OPS],
  'GET /dashboard/lawfirm-workplace': [FIRM],
  'GET /dashboard/lawyer-workplace': [LAWYER],
  'GET /tasks/center': [SA, BIZ_OPS],
  'GET /statistics/data': [SA, BIZ_OPS],

  // Cases: everyone who works with cases reads them (each in their own scope).
  'GET /cases': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /cases/export': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /cases/:id': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /cases/:id/attachments/:attachmentId': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /attachments/:id/file': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  // The case machine then judges each event for the actor.
  'POST /cases/:id/transitions': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'POST /cases/bulk-transitions': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  // Bulk jobs: those who push, assign or close many cases; each case is judged on its own.
  'POST /cases/bulk-jobs': [SA, CASE_OPS, FIRM],
  'GET /cases/bulk-jobs/current': [SA, CASE_OPS, FIRM],
  'GET /cases/bulk-jobs/:id': [SA, CASE_OPS, FIRM],
  'GET /cases/bulk-jobs/:id/results': [SA, CASE_OPS, FIRM],
  'GET /routing-rules': [SA, CASE_OPS],
  'PUT /routing-rules': [SA, CASE_OPS],
  'POST /cases/route': [SA, CASE_OPS],
  'POST /cases/:id/entrustment': [CASE_OPS],
  'GET /cases/pool': [SA, CASE_OPS, LAWYER],
  'GET /cases/mine': [SA, LAWYER],
  'GET /cases/stats/stages': [SA, CASE_OPS, BIZ_OPS],
  'PUT /cases/:id': [SA, CASE_OPS],
  // Parties: anyone who reads the case lists them (masked); writing and revealing are narrower,
  // and the platform's managers never reveal.
  'GET /cases/:id/parties': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'POST /cases/:id/parties': [SA, CASE_OPS],
  'PUT /cases/:id/parties/:partyId': [SA, CASE_OPS, LAWYER],
  'POST /cases/:id/parties/:partyId/reveal': [CASE_OPS, FIRM, LAWYER],
  'GET /pii-access': [SA, BIZ_OPS, ADMIN],
  'POST /cases/:id/contacts': [SA, CASE_OPS, FIRM, LAWYER],
  'GET /cases/:id/contacts': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /cases/:id/contact-window': [SA, CASE_OPS, FIRM, LAWYER],
  'GET /cases/:id/contact-phones': [SA, CASE_OPS, FIRM, LAWYER],
  'POST /cases/:id/sms': [SA, CASE_OPS, FIRM, LAWYER],
  'GET /sensitive-words': [SA],
  'PUT /sensitive-words': [SA],
  'GET /compliance/contacts': [SA, BIZ_OPS],
  'GET /compliance/breaches': [SA, BIZ_OPS],
  'GET /compliance/party-days': [SA, BIZ_OPS],
  'GET /pii-access/export': [SA, BIZ_OPS, ADMIN],
  'POST /cases/:id/attachments': [SA, CASE_OPS],
  'DELETE /cases/:id/attachments/:attachmentId': [SA, CASE_OPS],
  // Case intake: the form and the spreadsheet imports are case operations' work.
  'POST /cases': [SA, CASE_OPS],
  'GET /cases/imports/template': [SA, CASE_OPS],
  'POST /cases/imports': [SA, CASE_OPS],
  'GET /cases/imports': [SA, CASE_OPS],
  'GET /cases/imports/:id': [SA, CASE_OPS],
  'GET /cases/imports/:id/errors': [SA, CASE_OPS],
  'POST /cases/:id/follow-ups': [SA, CASE_OPS, LAWYER],
  'POST /cases/:id/repayments': [SA, CASE_OPS, LAWYER],
  // The ledger: read by whoever reads the case; vouchers, charges and an agreed allocation
  // order by whoever repays it; reversals by case operations only.
  'GET /cases/:id/ledger': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'POST /cases/:id/vouchers': [SA, CASE_OPS, LAWYER],
  'POST /cases/:id/charges': [SA, CASE_OPS, LAWYER],
  'PUT /cases/:id/allocation-order': [SA, CASE_OPS, LAWYER],
  'POST /repayments/:id/reverse': [CASE_OPS],
  // Repayment plans: read (and their agreement) by whoever reads the case, proposed by the
  // handling lawyer, reduced ones reviewed by case operations.
  'GET /cases/:id/plans': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'POST /cases/:id/plans': [LAWYER],
  'GET /plans/:id/pdf': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /plans': [SA, CASE_OPS],
  'PUT /plans/:id/review': [SA, CASE_OPS],
  'GET /follow-ups': [SA, CASE_OPS, LAWYER],
  'GET /case-pushes': [SA, CASE_OPS, FIRM],
  'GET /lawyers/options': [SA, CASE_OPS, FIRM],
  // Pushing a case to a firm is case operations' decision: they pick among passed firms.
  'GET /lawfirms/options': [SA, CASE_OPS],
  // The firm filters' options (suspended firms included): every signed-in role.
  'GET /lawfirms/names': EVERYONE,
  'GET /attachments': [SA, CASE_OPS, BIZ_OPS],
  'GET /business/cases': [SA, BIZ_OPS],

  // Law firms, lawyers, letters.
  'GET /lawfirms': [SA, BIZ_OPS],
  'PUT /lawfirms/:id/review': [SA, BIZ_OPS],
  'PUT /lawfirms/:id/suspension': [SA, BIZ_OPS],
  'GET /lawfirms/mine': [SA, FIRM],
  'PUT /lawfirms/mine': [SA, FIRM],
  'GET /lawyers': [SA, BIZ_OPS, FIRM],
  'PUT /lawyers/:id/review': [SA, BIZ_OPS, FIRM],
  'PUT /lawyers/:id/suspension': [SA, BIZ_OPS, FIRM],
  'GET /lawyers/mine': [SA, LAWYER],
  'PUT /lawyers/mine': [SA, LAWYER],
  'GET /letters': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /letters/:id': [SA, CASE_OPS, BIZ_OPS, FIRM, LAWYER],
  'GET /letters/auditing': [SA, BIZ_OPS],
  'PUT /letters/:id/review': [SA, BIZ_OPS],
  'GET /letters/sent-back': [SA, CASE_OPS, FIRM, LAWYER],
  'POST /letters/:id/resubmit': [SA, CASE_OPS, FIRM, LAWYER],
  // A lawyer writes letters for the cases they handle; the PDF is for its writer, their firm's
  // contact person and the reviewers.
  'POST /cases/:id/letters': [LAWYER],
  'GET /letters/:id/pdf': [SA, BIZ_OPS, FIRM, LAWYER],
  // Real-name certification review: business operations.
  'GET /certifications': [SA, BIZ_OPS],
  'PUT /certifications/:id/review': [SA, BIZ_OPS],

  // The account center: people, devices and wallets.
  'GET /devices': [SA, BIZ_OPS, FIRM],
  'POST /devices/:id/unbind': [SA, BIZ_OPS, FIRM],
  'GET /accounts/:id': [SA, BIZ_OPS, FIRM],
  'GET /accounts/:id/wallet': [SA, BIZ_OPS, FIRM],
  'GET /accounts/:id/wallet/transactions': [SA, BIZ_OPS, FIRM],
};

const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;

function concretePath(route: ApiRoute) {
  return `/api${route.url.replace(/:\w+/g, '1')}`;
}

/** One call as the role (or with no token), with a fresh session so that logout or a password reset cannot spoil the next call. */
async function callAs(route: ApiRoute, role: Role | null) {
  const token = role ? await server.sessionFor(role) : undefined;
  if (route.credential === 'ticket') return openWithTicket(route, token);
  const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  return server.call(route.method, concretePath(route), { token, body });
}

/**
 * A route opened with a one-time ticket (a server-sent event stream): the ticket is asked
 * for with the role's session, and the stream is let go once its status is known.
 */
async function openWithTicket(route: ApiRoute, token: string | undefined) {
  let query = '';
  if (token) {
    const ticket = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
    query = `?ticket=${ticket.body.data.ticket}`;
  }
  const controller = new AbortController();
  const res = await fetch(server.url + concretePath(route) + query, { signal: controller.signal });
  const code = res.ok ? 0 : ((await res.json()) as { code: number }).code;
  controller.abort();
  return { status: res.status, body: { code } };
}

type Outcome = { route: string; caller: string; status: number; code: number; expected: string };

/** What the table says a caller gets: the role check's 403, the missing token's 401, or past both. */
function expectation(route: ApiRoute, role: Role | null): 'unauthenticated' | 'forbidden' | 'passes' {
  const who = WHO_MAY_CALL[keyOf(route)];
  if (who === 'public') return 'passes';
  if (role === null) return 'unauthenticated';
  return who.includes(role) ? 'passes' : 'forbidden';
}

function meets(expected: ReturnType<typeof expectation>, status: number, code: number): boolean {
  if (expected === 'unauthenticated') return status === 401 && code === CODES.illegalToken;
  if (expected === 'forbidden') return status === 403 && code === CODES.forbidden;
  return status !== 401 && status !== 403 && status !== 500;
}

describe('role matrix', () => {
  it('has an entry for every declared route, and no entry without a route', () => {
    const declared = apiRoutes.map(keyOf).sort();
    expect(declared).toEqual(Object.keys(WHO_MAY_CALL).sort());
  });

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

  it('declares public exactly the routes the table calls public', () => {
    const declaredPublic = apiRoutes.filter((r) => r.access === 'public').map(keyOf);
    const tablePublic = Object.entries(WHO_MAY_CALL).flatMap(([key, who]) => (who === 'public' ? [key] : []));
    expect(declaredPublic.sort()).toEqual(tablePublic.sort());
  });
});
