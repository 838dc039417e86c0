import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import { CASE_STAGES, CASE_STATUSES } from '../../contract/cases';
import type { Paged } from '../../contract/paging';
import { csvRows } from '../../server/cases/imports/csv-rows';
import { sheetLimitsFor } from '../../server/cases/imports/sheet-limits';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  const lawyer = await server.app.db
    .selectFrom('lawyers')
    .select('law_firm_id')
    .where('user_id', '=', await server.userId('13800000005'))
    .executeTakeFirstOrThrow();
  demoFirmId = lawyer.law_firm_id;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

async function download(role: Role, query: string, lang?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${await server.tokenFor(role)}` };
  if (lang) headers['accept-language'] = lang;
  const res = await fetch(`${server.url}/api/cases/export?${query}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text };
}

/**
 * The export read back by the product's own CSV reader (the import's, server/cases/imports/
 * csv-rows.ts), from a file as an upload would be. The export writes RFC 4180: CRLF lines, quotes
 * doubled inside quoted cells; the reader takes LF lines too, so the line ends are checked here.
 */
async function parseCsv(text: string): Promise<string[][]> {
  expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
  const dir = mkdtempSync(join(tmpdir(), 'cases-export-'));
  try {
    const file = join(dir, 'cases.csv');
    writeFileSync(file, text);
    const rows: string[][] = [];
    for await (const row of csvRows(file, sheetLimitsFor(server.app.config))) rows.push(row.cells);
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listIds(role: Role, query: string) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await server.call<Paged<CaseRow>>('GET', `/api/cases?${query}&pageSize=100&page=${page}`, {
      token: await server.tokenFor(role),
    });
    ids.push(...res.body.data.list.map((c) => c.caseNo));
    if (res.body.data.list.length < 100) return ids;
  }
}

describe('GET /api/cases/export', () => {
  it('streams CSV with a byte-order mark, as an attachment, header in Chinese by default', async () => {
    const { res, bytes, text } = await download('caseOperation', 'status=suspended');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cases-\d{12}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header] = await parseCsv(text.slice(1));
    expect(header.slice(0, 5)).toEqual(['案件编号', '案件名称', '案件类型', '案件状态', '案件节点']);
    expect(header).toContain('标的金额（元）');
  });

  it('writes the header and enum values in English for an English caller', async () => {
    const { text } = await download('caseOperation', 'status=suspended&pageSize=1', 'en-US');
    const [header, first] = await parseCsv(text.slice(1));
    expect(header.slice(0, 4)).toEqual(['Case no.', 'Title', 'Type', 'Status']);
    expect(first[3]).toBe('Suspended');
  });

  it('holds exactly the rows of the filter, in the list order, money in yuan', async () => {
    const query = 'status=processing&region=440000&sortField=amountFen&sortOrder=descend';
    const { text } = await download('caseOperation', query);
    const [header, ...rows] = await parseCsv(text.slice(1));
    expect(rows.map((r) => r[0])).toEqual(await listIds('caseOperation', query));
    expect(rows.length).toBeGreaterThan(0);
    const amountColumn = header.indexOf('标的金额（元）');
    const first = await server.app.db
      .selectFrom('cases')
      .select(['amount_fen', 'status'])
      .where('case_no', '=', rows[0][0])
      .executeTakeFirstOrThrow();
    expect(rows[0][amountColumn]).toBe((Number(first.amount_fen) / 100).toFixed(2));
    expect(rows.every((r) => r[header.indexOf('案件状态')] === '处理中')).toBe(true);
    expect(rows.every((r) => r[header.indexOf('所在地区')].startsWith('广东省'))).toBe(true);
  });

  it('exports every case of a broad filter across many batches', async () => {
    const { text } = await download('superAdmin', '');
    const rows = (await parseCsv(text.slice(1))).slice(1);
    expect(rows).toHaveLength(await server.count('cases'));
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
  });

  it.each(['ascend', 'descend'])(
    'keeps the list order across batches sorted by court session %s, the cases without one last',
    async (order) => {
      const query = `sortField=courtSessionAt&sortOrder=${order}`;
      const { text } = await download('caseOperation', query);
      const rows = (await parseCsv(text.slice(1))).slice(1);
      expect(rows).toHaveLength(await server.count('cases'));
      expect(rows.map((r) => r[0])).toEqual(await listIds('caseOperation', query));
    },
  );

  it("keeps to the caller's scope: a contact person gets the firm's cases only", async () => {
    const { text } = await download('lawfirmContactPerson', 'sortField=courtSessionAt');
    const rows = (await parseCsv(text.slice(1))).slice(1);
    const firmCases = await server.app.db
      .selectFrom('cases')
      .select('case_no')
      .where('law_firm_id', '=', demoFirmId)
      .execute();
    expect(rows.map((r) => r[0]).sort()).toEqual(firmCases.map((c) => c.case_no).sort());
  });

  it('exports the selected ids only (a bulk export), still within scope', async () => {
    const cases = await server.app.db
      .selectFrom('cases')
      .select(['id', 'case_no'])
      .orderBy('id')
      .limit(3)
      .execute();
    const { text } = await download('caseOperation', `ids=${cases.map((c) => c.id).join(',')}`);
    expect(
      (await parseCsv(text.slice(1)))
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(cases.map((c) => c.case_no).sort());
  });

  it('keeps a spreadsheet from reading a cell as a formula', async () => {
    const target = await server.app.db
      .selectFrom('cases')
      .select(['id', 'case_no'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('cases')
      .set({ title: '=HYPERLINK("x","y")' })
      .where('id', '=', target.id)
      .execute();
    const { text } = await download('caseOperation', `caseNo=${target.case_no}`);
    const [, row] = await parseCsv(text.slice(1));
    expect(row[1]).toBe('\'=HYPERLINK("x","y")');
  });

  it('records who exported what in the audit log, and refuses roles without a case list', async () => {
    await download('bussinessOperation', 'type=civil');
    const rows = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'case.export')
      .execute();
    expect(
      rows.some((r) => r.summary.includes('"type":"civil"') && r.actor_role === 'bussinessOperation'),
    ).toBe(true);
    const { res } = await download('admin', '');
    expect(res.status).toBe(403);
  });
});

describe('GET /api/cases/stats/stages', () => {
  it('counts cases per stage and status exactly as a direct COUNT does', async () => {
    const res = await server.call<{
      list: Array<Record<string, number | string>>;
      cells: Array<{ stage: string; status: string; count: number }>;
      totals: Record<string, number>;
    }>('GET', '/api/cases/stats/stages', { token: await server.tokenFor('bussinessOperation') });
    expect(res.status).toBe(200);
    const direct = await sql<{ stage: string; status: string; n: number }>`
      select stage, status, count(*) as n from cases group by stage, status`.execute(server.app.db);
    const expected = new Map(direct.rows.map((r) => [`${r.stage}/${r.status}`, Number(r.n)]));
    expect(res.body.data.list.map((r) => r.stage)).toEqual([...CASE_STAGES]);
    for (const row of res.body.data.list) {
      for (const status of CASE_STATUSES)
        expect(row[status]).toBe(expected.get(`${row.stage}/${status}`) ?? 0);
    }
    expect(res.body.data.cells).toHaveLength(CASE_STAGES.length * CASE_STATUSES.length);
    expect(res.body.data.totals.cases).toBe(await server.count('cases'));
  });

  it('applies the type and region filters', async () => {
    const res = await server.call<{ totals: { cases: number } }>(
      'GET',
      '/api/cases/stats/stages?type=civil&region=440000',
      {
        token: await server.tokenFor('caseOperation'),
      },
    );
    const direct = await sql<{ n: number }>`
      select count(*) as n from cases where type = 'civil' and region_code between '440000' and '449999'`.execute(
      server.app.db,
    );
    expect(res.body.data.totals.cases).toBe(Number(direct.rows[0].n));
  });

  it('is for operations only', async () => {
    for (const role of ['lawyer', 'lawfirmContactPerson', 'admin'] as const) {
      const res = await server.call('GET', '/api/cases/stats/stages', { token: await server.tokenFor(role) });
      expect(res.status, role).toBe(403);
    }
  });
});

describe('lists beside the cases', () => {
  it("lists pushes newest first; a contact person sees their firm's only", async () => {
    const all = await server.call<Paged<{ pushedAt: string; lawFirmId: number; caseNo: string }>>(
      'GET',
      '/api/case-pushes?pageSize=50',
      {
        token: await server.tokenFor('caseOperation'),
      },
    );
    expect(all.body.data.total).toBe(await server.count('case_pushes'));
    const times = all.body.data.list.map((p) => p.pushedAt);
    expect(times).toEqual([...times].sort().reverse());
    const firm = await server.call<Paged<{ lawFirmId: number }>>('GET', '/api/case-pushes?pageSize=100', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(firm.body.data.total).toBeGreaterThan(0);
    expect(firm.body.data.list.every((p) => p.lawFirmId === demoFirmId)).toBe(true);
    const pending = await server.call<Paged<{ pushStatus: string }>>(
      'GET',
      '/api/case-pushes?pushStatus=pushed',
      {
        token: await server.tokenFor('caseOperation'),
      },
    );
    expect(pending.body.data.list.every((p) => p.pushStatus === 'pushed')).toBe(true);
  });

  it("lists follow-ups: operations all, a lawyer their own cases' only", async () => {
    const all = await server.call<Paged<{ caseId: number }>>('GET', '/api/follow-ups', {
      token: await server.tokenFor('caseOperation'),
    });
    const followUps = await server.app.db
      .selectFrom('contacts')
      .where('payment_status', 'is not', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.body.data.total).toBe(Number(followUps.n));
    const own = await server.call<Paged<{ caseId: number; lawyerName: string }>>(
      'GET',
      '/api/follow-ups?pageSize=100',
      {
        token: await server.tokenFor('lawyer'),
      },
    );
    expect(own.body.data.total).toBeLessThan(all.body.data.total);
    expect(own.body.data.list.every((f) => f.lawyerName === '李明哲')).toBe(true);
  });

  it("offers passed lawyers for assignment; a contact person gets their firm's", async () => {
    const all = await server.call<Paged<{ id: number; lawFirmId: number }>>('GET', '/api/lawyers/options', {
      token: await server.tokenFor('caseOperation'),
    });
    const passed = await server.app.db
      .selectFrom('lawyers')
      .innerJoin('users', 'users.id', 'lawyers.user_id')
      .select('lawyers.id')
      .where('review_status', '=', 'passed')
      .where('users.enabled', '=', 1)
      .execute();
    expect(all.body.data.total).toBe(passed.length);
    const firm = await server.call<Paged<{ lawFirmId: number }>>('GET', '/api/lawyers/options', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(firm.body.data.list.length).toBeGreaterThan(0);
    expect(firm.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
    const named = await server.call<Paged<{ name: string }>>(
      'GET',
      `/api/lawyers/options?keyword=${encodeURIComponent('李明')}`,
      {
        token: await server.tokenFor('caseOperation'),
      },
    );
    expect(named.body.data.list.map((l) => l.name)).toContain('李明哲');
  });
});

describe('dates in the export', () => {
  it('writes times in the business time zone: 16:30 UTC is half past midnight the next day in Shanghai', async () => {
    const row = await server.app.db
      .selectFrom('cases')
      .select(['id', 'case_no'])
      .where('court_session_at', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('cases')
      .set({ created_at: '2026-03-08T16:30:00.000Z', court_session_at: '2026-03-09T01:00:00.000Z' })
      .where('id', '=', row.id)
      .execute();
    server.clock.stop();
    const { res, text } = await download('superAdmin', `ids=${row.id}`);
    expect(res.status).toBe(200);
    // Named for the minute in Shanghai too.
    const shanghai = new Date(server.clock.now().getTime() + 8 * 3_600_000).toISOString();
    expect(res.headers.get('content-disposition')).toContain(
      `cases-${shanghai.slice(0, 16).replace(/\D/g, '')}.csv`,
    );
    const [header, line] = await parseCsv(text.replace(/^\uFEFF/, ''));
    const cellOf = (title: string) => line[header.indexOf(title)];
    expect(cellOf('创建时间')).toBe('2026-03-09 00:30:00');
    expect(cellOf('开庭时间')).toBe('2026-03-09 09:00:00');
  });
});
