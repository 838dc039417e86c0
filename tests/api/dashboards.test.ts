import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import { demoLawyer, demoLawyersProcessingCase } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * The three workplaces' figures are the database's own: each compared with a plain SQL
 * count of the same cases. The platform workplace remembers its figures (every case is a full
 * read at scale); a case created or moved through the API shows at once all the same.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Workplace {
  totals: { cases: number; inProgress: number; successRate?: number };
  statuses?: Array<{ status: string; count: number }>;
  results?: Array<{ result: string; count: number }>;
  trend: Array<{ month: string; count: number }>;
}

type Role = Parameters<TestServer['tokenFor']>[0];

async function workplace(role: Role, url: string): Promise<Workplace> {
  const res = await server.call<Workplace>('GET', url, { token: await server.tokenFor(role) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** What the database says, grouped by status and by close result, for some cases. */
async function expected(where: { column: 'law_firm_id' | 'lawyer_id'; id: number } | null) {
  let q = server.app.db.selectFrom('cases').select(['status', 'close_result']);
  if (where) q = q.where(where.column, '=', where.id);
  const rows = await q.execute();
  const tally = (values: Array<string | null>) => {
    const counts = new Map<string, number>();
    for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
  };
  const closed = rows.filter((r) => r.status === 'closed').length;
  const succeeded = rows.filter((r) => r.close_result === 'mediated' || r.close_result === 'repaid').length;
  return {
    cases: rows.length,
    // In a lawyer's hands: processing, or suspended for a while (the machine's `worked`).
    inProgress: rows.filter((r) => r.status === 'processing' || r.status === 'suspended').length,
    successRate: closed === 0 ? 0 : succeeded / closed,
    statuses: tally(rows.map((r) => r.status)),
    results: tally(rows.map((r) => r.close_result)),
  };
}

const asMap = <K extends string>(list: Array<Record<K, string> & { count: number }>, key: K) =>
  new Map(list.map((item) => [item[key], item.count]));

let serial = 0;
const newCase = () => ({
  caseNo: `DB${String(process.pid % 10_000).padStart(4, '0')}${String(++serial).padStart(4, '0')}`,
  title: '看板借款合同纠纷',
  type: 'civil',
  debtorName: '王五',
  clientName: '深圳市某小额贷款有限公司',
  regionCode: '440305',
  amountFen: 500_000,
  entrustExpiresOn: '2027-06-30',
  court: '深圳市南山区人民法院',
  description: null,
});

describe('GET /api/dashboard/workplace (every case)', () => {
  it('counts what the database holds, by status and by result', async () => {
    const figures = await workplace('superAdmin', '/api/dashboard/workplace');
    const truth = await expected(null);
    expect(figures.totals).toMatchObject({ cases: truth.cases, inProgress: truth.inProgress });
    expect(figures.totals.successRate).toBeCloseTo(truth.successRate, 10);
    expect(asMap(figures.statuses ?? [], 'status')).toEqual(truth.statuses);
    expect(asMap(figures.results ?? [], 'result')).toEqual(truth.results);
    expect(figures.trend).toHaveLength(12);
  });

  it('shows a case created through the API at once, though it remembers its figures', async () => {
    const before = await workplace('caseOperation', '/api/dashboard/workplace');
    const created = await server.call<CaseRow>('POST', '/api/cases', {
      token: await server.tokenFor('caseOperation'),
      body: newCase(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const after = await workplace('caseOperation', '/api/dashboard/workplace');
    expect(after.totals.cases).toBe(before.totals.cases + 1);
    const status = created.body.data.status;
    expect(asMap(after.statuses ?? [], 'status').get(status)).toBe(
      (asMap(before.statuses ?? [], 'status').get(status) ?? 0) + 1,
    );
    const month = created.body.data.createdAt.slice(0, 7);
    const count = (w: Workplace) => w.trend.find((t) => t.month === month)?.count ?? 0;
    expect(count(after)).toBe(count(before) + 1);
  });

  it('shows a transition at once: a suspended case stays in hand, a closed one leaves', async () => {
    const target = await demoLawyersProcessingCase(server);
    const token = await server.tokenFor('lawyer');
    const before = await workplace('superAdmin', '/api/dashboard/workplace');
    const suspend = await server.call<CaseRow>('POST', `/api/cases/${target.id}/transitions`, {
      token,
      body: { version: target.version, event: 'SUSPEND', reason: '等待法院排期' },
    });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    const suspended = await workplace('superAdmin', '/api/dashboard/workplace');
    expect(suspended.totals.inProgress).toBe(before.totals.inProgress);
    expect(asMap(suspended.statuses ?? [], 'status').get('suspended')).toBe(
      (asMap(before.statuses ?? [], 'status').get('suspended') ?? 0) + 1,
    );
    const close = await server.call('POST', `/api/cases/${target.id}/transitions`, {
      token,
      body: { version: suspend.body.data.version, event: 'CLOSE', result: 'mediated' },
    });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    const closed = await workplace('superAdmin', '/api/dashboard/workplace');
    expect(closed.totals.inProgress).toBe(before.totals.inProgress - 1);
  });
});

describe('the firm and lawyer workplaces', () => {
  it("counts the caller's firm's cases", async () => {
    const firmUser = await server.app.db
      .selectFrom('users')
      .select('law_firm_id')
      .where('phone', '=', '13800000004')
      .executeTakeFirstOrThrow();
    const figures = await workplace('lawfirmContactPerson', '/api/dashboard/lawfirm-workplace');
    const truth = await expected({ column: 'law_firm_id', id: firmUser.law_firm_id as number });
    expect(figures.totals).toMatchObject({ cases: truth.cases, inProgress: truth.inProgress });
    expect(asMap(figures.statuses ?? [], 'status')).toEqual(truth.statuses);
  });

  it("counts the lawyer's own cases and their results", async () => {
    const lawyer = await demoLawyer(server);
    const figures = await workplace('lawyer', '/api/dashboard/lawyer-workplace');
    const truth = await expected({ column: 'lawyer_id', id: lawyer.id });
    expect(figures.totals).toMatchObject({ cases: truth.cases, inProgress: truth.inProgress });
    expect(asMap(figures.results ?? [], 'result')).toEqual(truth.results);
  });
});

describe('one figure for the cases in a lawyer’s hands', () => {
  it('the lawyer’s workplace, the lawyers list and the firm’s team view agree', async () => {
    const lawyer = await demoLawyer(server);
    const own = await workplace('lawyer', '/api/dashboard/lawyer-workplace');
    const list = await server.call<{ list: Array<{ id: number; activeCaseCount: number }> }>(
      'GET',
      `/api/lawyers?lawFirmId=${lawyer.law_firm_id}&pageSize=100`,
      { token: await server.tokenFor('lawfirmContactPerson') },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.data.list.find((l) => l.id === lawyer.id);
    const overview = await server.call<{ team: { lawyers: Array<{ id: number; handling: number }> } }>(
      'GET',
      '/api/user/overview',
      { token: await server.tokenFor('lawfirmContactPerson') },
    );
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const member = overview.body.data.team.lawyers.find((l) => l.id === lawyer.id);
    const truth = await expected({ column: 'lawyer_id', id: lawyer.id });
    // Not a trivial agreement: the demo lawyer has suspended cases as well as processing ones.
    expect(truth.statuses.get('suspended') ?? 0).toBeGreaterThan(0);
    expect(own.totals.inProgress).toBe(truth.inProgress);
    expect(row?.activeCaseCount).toBe(own.totals.inProgress);
    expect(member?.handling).toBe(own.totals.inProgress);
  });
});
