import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../contract/credit-code';
import { auditRows, businessToday, demoLawyersProcessingCase, freshPhone, NEW_PASSWORD } from './fixtures';
import { startServer, type TestServer } from './harness';
import { pageIfMatch } from './version-fixtures';

// Read-then-write checks under requests sent at once. On SQLite and PGlite one connection runs
// one transaction at a time; with TEST_PG_URL the api-pg project runs these on a PostgreSQL
// server with a pool of connections, where they truly run side by side. Every test counts
// outcomes, never time.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const AT_ONCE = 8;

function statuses(answers: Array<{ status: number }>) {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

describe('SMS codes', () => {
  it('sends one code when several requests for one phone arrive at once; the rest wait out the cool-down', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        server.call('GET', `/api/send-sms?phone=${phone}&purpose=register`),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 429: AT_ONCE - 1 });
    expect(server.sms.filter((s) => s.phone === phone)).toHaveLength(1);
    const rows = await server.app.db
      .selectFrom('sms_outbox')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('counts every one of several wrong codes sent at once: five spend the code', async () => {
    const phone = '13800000003';
    const sent = await server.call('GET', `/api/send-sms?phone=${phone}&purpose=reset`);
    expect(sent.status).toBe(200);
    const code = server.smsCode(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        server.call('POST', '/api/reset-password', {
          body: { phone, code: wrong, newPassword: NEW_PASSWORD },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: AT_ONCE });
    const row = await server.app.db
      .selectFrom('sms_outbox')
      .select(['attempts', 'used_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.used_at).not.toBeNull();
    const right = await server.call('POST', '/api/reset-password', {
      body: { phone, code, newPassword: NEW_PASSWORD },
    });
    expect(right.status).toBe(400);
  });

  it('spends a code once when it is sent several times at once', async () => {
    const phone = '13800000004';
    server.clock.advance(61_000);
    const sent = await server.call('GET', `/api/send-sms?phone=${phone}&purpose=reset`);
    expect(sent.status).toBe(200);
    const code = server.smsCode(phone);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        server.call('POST', '/api/reset-password', { body: { phone, code, newPassword: NEW_PASSWORD } }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 400: AT_ONCE - 1 });
  });
});

describe('repayments', () => {
  it('closes the case once when repayments that together reach the amount arrive at once', async () => {
    const token = await server.tokenFor('caseOperation');
    const row = await server.app.db
      .selectFrom('cases')
      .select(['id', 'amount_fen'])
      .where('status', '=', 'processing')
      .where('lawyer_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const repaid = await server.app.db
      .selectFrom('repayments')
      .where('case_id', '=', row.id)
      .select((eb) => eb.fn.sum<number>('amount_fen').as('n'))
      .executeTakeFirstOrThrow();
    const left = Number(row.amount_fen) - Number(repaid.n ?? 0);
    expect(left).toBeGreaterThanOrEqual(4);
    // Four shares adding up to exactly what is left (a repayment over the outstanding is refused).
    const share = Math.floor(left / 4);
    const shares = [share, share, share, left - 3 * share];
    const today = businessToday(server);
    const answers = await Promise.all(
      shares.map((amountFen) =>
        server.call<{ closedCase: boolean }>('POST', `/api/cases/${row.id}/repayments`, {
          token,
          body: { amountFen, repaidOn: today },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 4 });
    expect(answers.filter((a) => a.body.data.closedCase)).toHaveLength(1);
    const after = await server.app.db
      .selectFrom('cases')
      .select(['status', 'close_result'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'closed', close_result: 'repaid' });
  });
});

describe('letters', () => {
  it('writes no letter for a case after it closed, when letters and the close arrive at once', async () => {
    const row = await demoLawyersProcessingCase(server, 'last');
    const token = await server.tokenFor('lawyer');
    const letters = Array.from({ length: AT_ONCE }, () =>
      server.call<{ id: number }>('POST', `/api/cases/${row.id}/letters`, {
        token,
        body: { template: 'collection' },
      }),
    );
    const close = server.call('POST', `/api/cases/${row.id}/transitions`, {
      token,
      body: { version: row.version, event: 'CLOSE', result: 'mediated' },
    });
    const [closed, ...written] = await Promise.all([close, ...letters]);
    // Each letter was stored before the close (and the close, holding a stale version, may
    // then lose: 409) or refused after it; never stored for a closed case.
    for (const answer of written) expect([200, 409]).toContain(answer.status);
    expect([200, 409]).toContain(closed.status);
    // The audit log's order is the order the writes committed in.
    const closeRow = (await auditRows(server, 'case.close', row.id))[0];
    const stored = written.filter((w) => w.status === 200).map((w) => w.body.data.id);
    for (const id of stored) {
      const [letterRow] = await auditRows(server, 'letter.write', id);
      if (closeRow) expect(letterRow.id).toBeLessThan(closeRow.id);
    }
    const after = await server.app.db
      .selectFrom('cases')
      .select('status')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (closed.status === 200) expect(after.status).toBe('closed');
  });
});

describe('certification applications', () => {
  const first17 = '91440300MA5F54321';
  const idFirst17 = '11010119900307123';
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const idSum = [...idFirst17].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0);
  const application = {
    enterpriseName: '深圳前海并发测试有限公司',
    enterpriseCertType: 'unifiedSocialCreditCode',
    creditCode: first17 + creditCodeCheckChar(first17),
    legalPersonName: '张建国',
    legalPersonIdType: 'residentIdCard',
    legalPersonIdNumber: idFirst17 + '10X98765432'[idSum % 11],
    contactPhone: '13912345678',
  };

  it('keeps one application under review when several are sent at once', async () => {
    const token = await server.sessionFor('caseOperation');
    const userId = await server.userId('13800000002');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('POST', '/api/user/certifications', { token, body: application }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 });
    const pending = await server.app.db
      .selectFrom('certifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'auditing')
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('withdraws an application once when withdrawals are sent at once', async () => {
    const token = await server.sessionFor('lawyer');
    const submitted = await server.call<{ id: number }>('POST', '/api/user/certifications', {
      token,
      body: application,
    });
    expect(submitted.status).toBe(200);
    const id = submitted.body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('POST', `/api/user/certifications/${id}/withdraw`, { token }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 });
    const audits = await server.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'certification.withdraw')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audits).toHaveLength(1);
  });
});

describe('page descriptors', () => {
  it('publishes one of several saves of a page sent at once over the same version; the others are stale', async () => {
    const token = await server.tokenFor('superAdmin');
    const page = (n: number) => ({
      schemaVersion: 1,
      id: 'user-account',
      type: 'table',
      title: 'menu.userAccount',
      source: { path: '/users' },
      columns: [{ field: 'name', title: 'menu.userAccount' }],
      pageSize: 10 + n,
    });
    const headers = await pageIfMatch(server, 'user-account', token);
    const loaded = Number(headers['if-match'].replaceAll('"', ''));
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, n) =>
        server.call<{ version: number }>('PUT', '/api/pages/user-account', { token, body: page(n), headers }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: 3 });
    const published = answers.find((a) => a.status === 200);
    expect(published?.body.data.version).toBe(loaded + 1);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.data).toMatchObject({ version: loaded + 1 });
  });
});

// Last: one of the two super admins ends up disabled, and other tests sign in as the first.
describe('the last enabled super admin', () => {
  it('stays when two super admins disable each other at once', async () => {
    const founderToken = await server.sessionFor('superAdmin');
    const founderId = await server.userId('13800000001');
    const created = await server.call<{ user: { id: number }; initialPassword: string }>(
      'POST',
      '/api/users',
      {
        token: founderToken,
        body: { phone: freshPhone(), name: '第二管理员', role: 'superAdmin' },
      },
    );
    expect(created.status).toBe(200);
    const secondId = created.body.data.user.id;
    const { phone } = await server.app.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', secondId)
      .executeTakeFirstOrThrow();
    const secondToken = await server.login(phone, created.body.data.initialPassword);
    const answers = await Promise.all([
      server.call('PUT', `/api/users/enable/${secondId}`, { token: founderToken }),
      server.call('PUT', `/api/users/enable/${founderId}`, { token: secondToken }),
    ]);
    // The loser is refused as the last super admin (409) or, when the winner committed before
    // the loser's request was even authenticated, because its session ended with it (401).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 || a.status === 401)).toHaveLength(1);
    const enabled = await server.app.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .where('user_roles.role', '=', 'superAdmin')
      .where('users.enabled', '=', 1)
      .select('users.id')
      .execute();
    expect(enabled).toHaveLength(1);
  });
});
