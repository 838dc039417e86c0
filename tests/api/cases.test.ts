import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import { formatDate } from '../../contract/dates';
import type { Paged } from '../../contract/paging';
import { allowedEvents } from '../../machines/caseStatusMachine';
import { demoLawyer } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  const lawyer = await demoLawyer(server);
  demoLawyerId = lawyer.id;
  demoFirmId = lawyer.law_firm_id;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

async function list(role: Role, query = '') {
  const res = await server.call<Paged<CaseRow>>('GET', `/api/cases${query ? `?${query}` : ''}`, {
    token: await server.tokenFor(role),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every page of a listing (100 a page), for checking a filter against the whole table. */
async function listAll(role: Role, query: string) {
  const rows: CaseRow[] = [];
  for (let page = 1; ; page++) {
    const data = await list(role, `${query}&pageSize=100&page=${page}`);
    rows.push(...data.list);
    if (rows.length >= data.total || data.list.length === 0) return { rows, total: data.total };
  }
}

async function countWhere(where: ReturnType<typeof sql<boolean>>) {
  const row = await sql<{ n: number }>`select count(*) as n from cases where ${where}`.execute(server.app.db);
  return Number(row.rows[0].n);
}

describe('GET /api/cases: filters', () => {
  it('lists newest first by default, with lawyer and firm names and a total', async () => {
    const data = await list('caseOperation');
    expect(data.list).toHaveLength(20);
    expect(data.total).toBe(await server.count('cases'));
    const created = data.list.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const handled = data.list.find((c) => c.lawyerId !== null);
    expect(handled?.lawyerName).toEqual(expect.any(String));
    expect(handled?.lawFirmName).toEqual(expect.any(String));
  });

  it('filters by one status or several, as repeated or comma-separated values', async () => {
    const one = await list('caseOperation', 'status=suspended&pageSize=100');
    expect(one.total).toBe(await countWhere(sql`status = 'suspended'`));
    expect(one.list.every((c) => c.status === 'suspended')).toBe(true);
    const expected = await countWhere(sql`status in ('pending', 'closed')`);
    expect((await list('caseOperation', 'status=pending,closed')).total).toBe(expected);
    const repeated = await list('caseOperation', 'status=pending&status=closed&pageSize=100');
    expect(repeated.total).toBe(expected);
    expect(new Set(repeated.list.map((c) => c.status))).toEqual(new Set(['pending', 'closed']));
  });

  it('matches a province code to the cities in it, and a city code to itself', async () => {
    const province = await listAll('caseOperation', 'region=440000&status=processing');
    expect(province.total).toBe(
      await countWhere(sql`status = 'processing' and region_code between '440000' and '449999'`),
    );
    expect(province.total).toBeGreaterThan(0);
    expect(province.rows.every((c) => c.regionCode.startsWith('44'))).toBe(true);
    const city = province.rows[0].regionCode;
    const inCity = await list('caseOperation', `region=${city}&pageSize=100`);
    expect(inCity.total).toBe(await countWhere(sql`region_code = ${city}`));
    expect(inCity.list.every((c) => c.regionCode === city)).toBe(true);
  });

  it('filters by amount range (fen), type, creation days and entrustment expiry', async () => {
    const rows = await listAll(
      'caseOperation',
      'amountMin=1000000&amountMax=5000000&type=civil&createdFrom=2000-01-01&createdTo=2100-12-31&entrustFrom=2000-01-01',
    );
    expect(rows.total).toBe(await countWhere(sql`amount_fen between 1000000 and 5000000 and type = 'civil'`));
    expect(
      rows.rows.every((c) => c.amountFen >= 1_000_000 && c.amountFen <= 5_000_000 && c.type === 'civil'),
    ).toBe(true);
    const sample = rows.rows[0];
    const day = sample.entrustExpiresOn;
    const sameDay = await listAll('caseOperation', `entrustFrom=${day}&entrustTo=${day}`);
    expect(sameDay.rows.every((c) => c.entrustExpiresOn === day)).toBe(true);
    expect(sameDay.rows.map((c) => c.id)).toContain(sample.id);
  });

  it('reads creation days in China time (UTC+8)', async () => {
    const [row] = (await list('caseOperation', 'pageSize=1')).list;
    const businessDay = formatDate(row.createdAt);
    const within = await listAll('caseOperation', `createdFrom=${businessDay}&createdTo=${businessDay}`);
    expect(within.rows.map((c) => c.id)).toContain(row.id);
    const start = Date.parse(`${businessDay}T00:00:00+08:00`);
    expect(
      within.rows.every(
        (c) => Date.parse(c.createdAt) >= start && Date.parse(c.createdAt) < start + 86_400_000,
      ),
    ).toBe(true);
  });

  it('finds by case number, title, debtor, lawyer, firm and keyword', async () => {
    const [target] = (await list('caseOperation', 'status=processing&pageSize=1')).list;
    const byNo = await list('caseOperation', `caseNo=${target.caseNo}`);
    expect(byNo.list.map((c) => c.id)).toEqual([target.id]);
    const byFragment = await list('caseOperation', `caseNo=${target.caseNo.slice(2).toLowerCase()}`);
    expect(byFragment.list.map((c) => c.id)).toContain(target.id);
    const byDebtor = await list(
      'caseOperation',
      `debtor=${encodeURIComponent(target.debtorName)}&pageSize=100`,
    );
    expect(byDebtor.list.every((c) => c.debtorName.includes(target.debtorName))).toBe(true);
    expect(byDebtor.list.map((c) => c.id)).toContain(target.id);
    const byTitle = await list('caseOperation', `title=${encodeURIComponent(target.title)}`);
    expect(byTitle.list.map((c) => c.id)).toContain(target.id);
    const byKeyword = await list(
      'caseOperation',
      `keyword=${encodeURIComponent(target.clientName)}&pageSize=100`,
    );
    expect(byKeyword.total).toBe(
      await countWhere(
        sql`case_no like ${`%${target.clientName}%`} or title like ${`%${target.clientName}%`} or debtor_name like ${`%${target.clientName}%`} or client_name like ${`%${target.clientName}%`}`,
      ),
    );
    const byLawyer = await listAll('caseOperation', `lawyerId=${target.lawyerId}`);
    expect(byLawyer.total).toBe(await countWhere(sql`lawyer_id = ${target.lawyerId}`));
    expect(byLawyer.rows.every((c) => c.lawyerId === target.lawyerId)).toBe(true);
    const byFirm = await list('caseOperation', `lawFirmId=${target.lawFirmId}`);
    expect(byFirm.total).toBe(await countWhere(sql`law_firm_id = ${target.lawFirmId}`));
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await list('caseOperation', 'keyword=%25')).total).toBe(0);
    expect((await list('caseOperation', 'debtor=_')).total).toBe(0);
  });

  it('answers 400 naming the field for a wrong filter', async () => {
    for (const query of [
      'status=open',
      'region=44',
      'createdFrom=2026-13-45',
      'sortField=title',
      'amountMin=-1',
    ]) {
      const res = await server.call('GET', `/api/cases?${query}`, {
        token: await server.tokenFor('caseOperation'),
      });
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0].path.split('.')[0]).toBe(query.split('=')[0]);
    }
  });
});

describe('GET /api/cases: sorting and paging', () => {
  it.each([
    ['amountFen', 'ascend'],
    ['amountFen', 'descend'],
    ['createdAt', 'ascend'],
  ] as const)('sorts by %s %s', async (field, order) => {
    const data = await list('caseOperation', `sortField=${field}&sortOrder=${order}&pageSize=100&page=3`);
    const values = data.list.map((c) => c[field] as string | number);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(order === 'ascend' ? sorted : sorted.reverse());
  });

  it('sorts by court session with the cases without one last, either way', async () => {
    const withSession = await countWhere(sql`court_session_at is not null`);
    for (const order of ['ascend', 'descend']) {
      const { rows } = await listAll('caseOperation', `sortField=courtSessionAt&sortOrder=${order}`);
      const sessions = rows.map((c) => c.courtSessionAt);
      expect(sessions.slice(0, withSession).every((s) => s !== null)).toBe(true);
      expect(sessions.slice(withSession).every((s) => s === null)).toBe(true);
      const dated = sessions.slice(0, withSession) as string[];
      const sorted = [...dated].sort();
      expect(dated).toEqual(order === 'ascend' ? sorted : sorted.reverse());
    }
  });

  it('walks every case exactly once across pages', async () => {
    const { rows, total } = await listAll('caseOperation', 'status=processing&sortField=amountFen');
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((c) => c.id)).size).toBe(total);
  });

  it('caps the page size at 100', async () => {
    const res = await server.call('GET', '/api/cases?pageSize=101', {
      token: await server.tokenFor('caseOperation'),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('pageSize');
    expect((await list('caseOperation', 'pageSize=100')).list).toHaveLength(100);
  });

  it('answers a page past the end with an empty list and the true total', async () => {
    const data = await list('caseOperation', 'status=suspended&page=999');
    expect(data.list).toEqual([]);
    expect(data.total).toBe(await countWhere(sql`status = 'suspended'`));
  });
});

describe('GET /api/cases: scope', () => {
  it('shows a lawyer the pool (not awaiting review, not pushed to another firm) and their own cases, nothing else', async () => {
    const { rows, total } = await listAll('lawyer', 'status=pending,processing,suspended,closed');
    const expected = await countWhere(
      sql`position = 'pool' or (position in ('pushed', 'accepted') and law_firm_id = ${demoFirmId}) or lawyer_id = ${demoLawyerId}`,
    );
    expect(total).toBe(expected);
    expect(rows).toHaveLength(expected);
    for (const c of rows) {
      const pool =
        c.position === 'pool' ||
        ((c.position === 'pushed' || c.position === 'accepted') && c.lawFirmId === demoFirmId);
      expect(pool || c.lawyerId === demoLawyerId, `case ${c.id}`).toBe(true);
    }
    expect(await countWhere(sql`position = 'awaitingReview'`)).toBeGreaterThan(0);
    expect(rows.some((c) => c.position === 'awaitingReview')).toBe(false);
    const created = rows.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('narrows a lawyer to the pool with pool=true and to their own with mine=true', async () => {
    const pool = await listAll('lawyer', 'pool=true');
    expect(pool.rows.every((c) => c.status === 'pending' && c.lawyerId === null)).toBe(true);
    expect(pool.rows.every((c) => c.allowedEvents.includes('TAKE'))).toBe(true);
    const mine = await listAll('lawyer', 'mine=true');
    expect(mine.total).toBe(await countWhere(sql`lawyer_id = ${demoLawyerId}`));
    expect(mine.rows.every((c) => c.lawyerId === demoLawyerId)).toBe(true);
    expect(mine.total).toBeGreaterThan(0);
  });

  it("shows a firm's contact person the firm's cases only", async () => {
    const { rows, total } = await listAll('lawfirmContactPerson', 'sortField=amountFen');
    expect(total).toBe(await countWhere(sql`law_firm_id = ${demoFirmId}`));
    expect(rows.every((c) => c.lawFirmId === demoFirmId)).toBe(true);
    // The firm answers a push, and assigns (or reassigns) its own cases to its lawyers.
    const expected: Record<string, string[]> = {
      pushed: ['ACCEPT', 'DECLINE', 'ASSIGN'],
      accepted: ['ASSIGN'],
      processing: ['ASSIGN'],
      suspended: [],
      closed: [],
    };
    for (const c of rows) expect(c.allowedEvents, `case ${c.id}`).toEqual(expected[c.position ?? c.status]);
    expect(rows.some((c) => c.position === 'pushed')).toBe(true);
  });

  it('shows operations every case, and only operations may assign', async () => {
    for (const role of ['caseOperation', 'bussinessOperation', 'superAdmin'] as const) {
      expect((await list(role)).total).toBe(await server.count('cases'));
    }
    const pending = await list('caseOperation', 'pool=true&pageSize=5');
    expect(pending.list.every((c) => c.allowedEvents.includes('ASSIGN'))).toBe(true);
    const seen = await list('bussinessOperation', 'pool=true&pageSize=5');
    expect(seen.list.every((c) => c.allowedEvents.length === 0)).toBe(true);
  });

  it('lists on each row exactly the events the case status machine allows the caller', async () => {
    const actors = {
      lawyer: { role: 'lawyer', lawyerId: demoLawyerId, lawFirmId: demoFirmId },
      lawfirmContactPerson: { role: 'lawfirmContactPerson', lawyerId: null, lawFirmId: demoFirmId },
      caseOperation: { role: 'caseOperation', lawyerId: null, lawFirmId: null },
      bussinessOperation: { role: 'bussinessOperation', lawyerId: null, lawFirmId: null },
      superAdmin: { role: 'superAdmin', lawyerId: null, lawFirmId: null },
    } as const;
    for (const [role, actor] of Object.entries(actors) as [
      keyof typeof actors,
      (typeof actors)[keyof typeof actors],
    ][]) {
      const rows = [
        ...(await list(role, 'pageSize=100&sortField=amountFen')).list,
        ...(await list(role, 'pageSize=100&status=pending')).list,
      ];
      for (const row of rows) {
        const expected = allowedEvents(
          { status: row.status, position: row.position, lawyerId: row.lawyerId, lawFirmId: row.lawFirmId },
          { ...actor, userId: 0 },
        );
        expect(row.allowedEvents, `${role} on case ${row.id}`).toEqual(expected);
      }
    }
  });

  it("answers the pool and a lawyer's own cases at their own addresses too", async () => {
    const token = await server.tokenFor('lawyer');
    const pool = await server.call<Paged<CaseRow>>('GET', '/api/cases/pool?pageSize=100', { token });
    expect(pool.body.data.total).toBe((await list('lawyer', 'pool=true')).total);
    expect(pool.body.data.list.every((c) => c.status === 'pending' && c.lawyerId === null)).toBe(true);
    const mine = await server.call<Paged<CaseRow>>('GET', '/api/cases/mine?mine=false', { token });
    expect(mine.body.data.total).toBe(await countWhere(sql`lawyer_id = ${demoLawyerId}`));
    const opsPool = await server.call<Paged<CaseRow>>('GET', '/api/cases/pool', {
      token: await server.tokenFor('caseOperation'),
    });
    // The pool is what passed review and has no lawyer yet: in the pool, pushed or accepted.
    expect(opsPool.body.data.total).toBe(await countWhere(sql`position in ('pool', 'pushed', 'accepted')`));
  });

  it('refuses the case list to the system administrator', async () => {
    const res = await server.call('GET', '/api/cases', { token: await server.tokenFor('admin') });
    expect(res.status).toBe(403);
  });
});
