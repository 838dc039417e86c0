import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AttachmentRow,
  BusinessCaseRow,
  StatisticsData,
  TaskCenter,
} from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import { daysBetween } from '../../server/db/sql-portable';
import { taskWindows } from '../../server/tasks/center';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

async function get<T>(role: Role, path: string) {
  return server.call<T>('GET', path, { token: await server.tokenFor(role) });
}

async function ok<T>(role: Role, path: string): Promise<T> {
  const res = await get<T>(role, path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function scalar(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const result = await query.execute(server.app.db);
  return Number(result.rows[0]?.n ?? 0);
}

describe('GET /api/business/cases', () => {
  it('lists every case, newest first, with what each recovered, its newest follow-up and push', async () => {
    const data = await ok<Paged<BusinessCaseRow>>('bussinessOperation', '/api/business/cases?pageSize=100');
    expect(data.total).toBe(await server.count('cases'));
    const created = data.list.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    for (const row of data.list) {
      const repaid = await scalar(
        sql`select coalesce(sum(amount_fen), 0) as n from repayments where case_id = ${row.id}`,
      );
      expect(row.repaidFen, row.caseNo).toBe(repaid);
      expect(row.recoveryRate).toBeCloseTo(row.amountFen > 0 ? repaid / row.amountFen : 0, 10);
      const newest = await sql<{ payment_status: string; followed_at: string }>`
        select payment_status, at as followed_at from contacts where case_id = ${row.id}
        and payment_status is not null order by at desc, id desc limit 1`.execute(server.app.db);
      expect(row.lastPaymentStatus, row.caseNo).toBe(newest.rows[0]?.payment_status ?? null);
      expect(row.lastFollowedAt).toBe(newest.rows[0]?.followed_at ?? null);
      const push = await sql<{ push_status: string }>`
        select push_status from case_pushes where case_id = ${row.id}
        order by pushed_at desc, id desc limit 1`.execute(server.app.db);
      expect(row.pushStatus, row.caseNo).toBe(push.rows[0]?.push_status ?? null);
    }
    expect(data.list.some((c) => c.repaidFen > 0)).toBe(true);
    expect(data.list.some((c) => c.pushedToFirm !== null)).toBe(true);
  });

  it("filters by the newest follow-up's payment status and the newest push's status", async () => {
    const partial = await ok<Paged<BusinessCaseRow>>(
      'bussinessOperation',
      '/api/business/cases?paymentStatus=partial&pageSize=100',
    );
    expect(partial.total).toBe(
      await scalar(sql`select count(*) as n from cases c where (select f.payment_status from contacts f
        where f.case_id = c.id and f.payment_status is not null order by f.at desc, f.id desc limit 1) = 'partial'`),
    );
    expect(partial.total).toBeGreaterThan(0);
    expect(partial.list.every((c) => c.lastPaymentStatus === 'partial')).toBe(true);

    const pending = await ok<Paged<BusinessCaseRow>>(
      'bussinessOperation',
      '/api/business/cases?pushStatus=pushed&status=pending&pageSize=100',
    );
    expect(pending.total).toBeGreaterThan(0);
    expect(pending.list.every((c) => c.pushStatus === 'pushed' && c.status === 'pending')).toBe(true);
  });

  it("takes the case list's filters and sorts", async () => {
    const byAmount = await ok<Paged<BusinessCaseRow>>(
      'bussinessOperation',
      '/api/business/cases?type=civil&sortField=amountFen&sortOrder=ascend&pageSize=50',
    );
    expect(byAmount.list.every((c) => c.type === 'civil')).toBe(true);
    const amounts = byAmount.list.map((c) => c.amountFen);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(byAmount.total).toBe(await scalar(sql`select count(*) as n from cases where type = 'civil'`));
    const one = byAmount.list[0];
    const found = await ok<Paged<BusinessCaseRow>>(
      'bussinessOperation',
      `/api/business/cases?caseNo=${one.caseNo}`,
    );
    expect(found.list.map((c) => c.id)).toEqual([one.id]);
    expect((await get('bussinessOperation', '/api/business/cases?sortField=repaidFen')).status).toBe(400);
  });

  it('is for business operations (and superAdmin) only', async () => {
    expect((await get('superAdmin', '/api/business/cases')).status).toBe(200);
    for (const role of ['caseOperation', 'lawyer', 'lawfirmContactPerson'] as const) {
      expect((await get(role, '/api/business/cases')).status).toBe(403);
    }
  });
});

describe('GET /api/statistics/data', () => {
  it('counts every case once in each breakdown, from SQL aggregates', async () => {
    const data = await ok<StatisticsData>('bussinessOperation', '/api/statistics/data');
    const cases = await server.count('cases');
    expect(data.totals.cases).toBe(cases);
    expect(data.byType.reduce((n, t) => n + t.count, 0)).toBe(cases);
    const closed = await scalar(sql`select count(*) as n from cases where status = 'closed'`);
    expect(data.totals.closed).toBe(closed);
    expect(data.closeResults.reduce((n, r) => n + r.count, 0)).toBe(closed);
    const good = data.closeResults.filter((r) => ['mediated', 'repaid'].includes(r.result));
    expect(data.totals.successRate).toBeCloseTo(good.reduce((n, r) => n + r.count, 0) / closed, 10);
    expect(data.totals.recoveredFen).toBe(await scalar(sql`select sum(amount_fen) as n from repayments`));
  });

  it('shows twelve months of repayments, oldest first, in fen and in ten thousand yuan', async () => {
    const data = await ok<StatisticsData>('bussinessOperation', '/api/statistics/data');
    const months = data.recoveredByMonth.map((m) => m.month);
    expect(months).toHaveLength(12);
    expect(months).toEqual([...months].sort());
    const last = data.recoveredByMonth[11];
    const stored = await scalar(
      sql`select coalesce(sum(amount_fen), 0) as n from repayments where repaid_on like ${`${last.month}-%`}`,
    );
    expect(last.amountFen).toBe(stored);
    expect(last.tenThousandYuan).toBeCloseTo(stored / 1_000_000, 2);
    expect(data.totals.recoveredYearFen).toBe(data.recoveredByMonth.reduce((n, m) => n + m.amountFen, 0));
  });

  it('ranks provinces by cases and averages the days to close', async () => {
    const data = await ok<StatisticsData>('bussinessOperation', '/api/statistics/data');
    expect(data.byProvince.length).toBeGreaterThan(0);
    expect(data.byProvince.length).toBeLessThanOrEqual(10);
    const counts = data.byProvince.map((p) => p.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const top = data.byProvince[0];
    expect(top.regionCode).toMatch(/^\d{2}0000$/);
    expect(top.province).not.toBe(top.regionCode);
    expect(top.count).toBe(
      await scalar(
        sql`select count(*) as n from cases where region_code like ${`${top.regionCode.slice(0, 2)}%`}`,
      ),
    );
    const days = await sql<{
      n: number;
    }>`select avg(${daysBetween(server.app.database.dialect, 'created_at', 'updated_at')}) as n
      from cases where status = 'closed'`.execute(server.app.db);
    expect(data.totals.averageCloseDays).toBeCloseTo(Number(days.rows[0].n), 0);
    expect(data.closeDaysByType.length).toBeGreaterThan(0);
  });

  it('is closed to case operations and lawyers', async () => {
    for (const role of ['caseOperation', 'lawyer'] as const) {
      expect((await get(role, '/api/statistics/data')).status).toBe(403);
    }
  });
});

describe('GET /api/tasks/center', () => {
  it('counts the work waiting, each count as the tables hold it', async () => {
    const data = await ok<TaskCenter>('bussinessOperation', '/api/tasks/center');
    const me = await server.userId('13800000003');
    expect(data.counts).toEqual({
      firmsAuditing: await scalar(sql`select count(*) as n from law_firms where review_status = 'auditing'`),
      lawyersAuditing: await scalar(sql`select count(*) as n from lawyers where review_status = 'auditing'`),
      lettersAuditing: await scalar(
        sql`select count(*) as n from law_firm_letters where status = 'auditing'`,
      ),
      poolCases: await scalar(
        sql`select count(*) as n from cases where position in ('pool', 'pushed', 'accepted')`,
      ),
      expiringEntrustments: expect.any(Number),
      sessionsThisWeek: expect.any(Number),
      pushesWaiting: await scalar(
        sql`select count(*) as n from case_pushes p join cases c on c.id = p.case_id where p.push_status = 'pushed' and c.position = 'pushed' and c.law_firm_id = p.law_firm_id`,
      ),
      expiredEntrustments: await scalar(
        sql`select count(*) as n from cases where entrust_expired_on is not null and status <> 'closed'`,
      ),
      todos: await scalar(
        sql`select count(*) as n from messages where user_id = ${me} and type = 'todo' and status = 0`,
      ),
    });
    expect(data.counts.lettersAuditing).toBeGreaterThan(0);
    expect(data.letters.length).toBe(Math.min(5, data.counts.lettersAuditing));
    const submitted = data.letters.map((l) => l.submittedAt);
    expect(submitted).toEqual([...submitted].sort());
    expect(data.todos.every((m) => m.type === 'todo' && m.status === 0)).toBe(true);
  });

  it('counts a case whose entrustment expires within 30 days and a court session this week', async () => {
    const before = await ok<TaskCenter>('bussinessOperation', '/api/tasks/center');
    const { today, expiryEnd, weekStart, weekEnd } = taskWindows(server.clock.now());
    // A case in progress counted by neither: it expires later and has no session this week.
    const target = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('status', '=', 'processing')
      .where('entrust_expires_on', '>', expiryEnd)
      .where((eb) =>
        eb.or([
          eb('court_session_at', 'is', null),
          eb('court_session_at', '<', weekStart),
          eb('court_session_at', '>=', weekEnd),
        ]),
      )
      .executeTakeFirstOrThrow();
    const session = weekStart;
    await server.app.db
      .updateTable('cases')
      .set({ entrust_expires_on: today, court_session_at: session })
      .where('id', '=', target.id)
      .execute();
    const after = await ok<TaskCenter>('bussinessOperation', '/api/tasks/center');
    expect(after.counts.expiringEntrustments).toBe(before.counts.expiringEntrustments + 1);
    expect(after.counts.sessionsThisWeek).toBe(before.counts.sessionsThisWeek + 1);
    expect(after.expiring[0].entrustExpiresOn).toBe(today);
    expect(after.sessions.map((c) => c.id)).toContain(target.id);
  });

  it('finds the week in China time: Monday 00:00 +08:00 to the next Monday', () => {
    // Sunday 2026-06-07 20:00 UTC is Monday 04:00 in China.
    expect(taskWindows(new Date('2026-06-07T20:00:00Z'))).toEqual({
      today: '2026-06-08',
      expiryEnd: '2026-07-08',
      weekStart: '2026-06-07T16:00:00.000Z',
      weekEnd: '2026-06-14T16:00:00.000Z',
    });
  });

  it('is for business operations (and superAdmin) only', async () => {
    expect((await get('superAdmin', '/api/tasks/center')).status).toBe(200);
    for (const role of ['caseOperation', 'lawyer', 'lawfirmContactPerson'] as const) {
      expect((await get(role, '/api/tasks/center')).status).toBe(403);
    }
  });
});

/** The raw bytes of a response, with its headers. */
async function download(role: Role, path: string) {
  const res = await fetch(server.url + path, {
    headers: { authorization: `Bearer ${await server.tokenFor(role)}` },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('case attachments and their PDFs', () => {
  it('lists only *.pdf attachments when asked, newest first, by case number', async () => {
    const pdfs = await ok<Paged<AttachmentRow>>('superAdmin', '/api/attachments?pdf=true&pageSize=50');
    expect(pdfs.total).toBe(
      await scalar(sql`select count(*) as n from case_attachments where lower(name) like '%.pdf'`),
    );
    expect(pdfs.list.every((a) => a.isPdf && a.name.endsWith('.pdf'))).toBe(true);
    const ids = pdfs.list.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const one = pdfs.list[0];
    const ofCase = await ok<Paged<AttachmentRow>>(
      'caseOperation',
      `/api/attachments?caseNo=${one.caseNo.toLowerCase()}`,
    );
    expect(ofCase.list.length).toBeGreaterThan(0);
    expect(ofCase.list.every((a) => a.caseNo === one.caseNo)).toBe(true);
    expect((await get('lawyer', '/api/attachments')).status).toBe(403);
  });

  it('serves a valid PDF for a *.pdf attachment: header, objects where the cross-reference says', async () => {
    const pdf = await server.app.db
      .selectFrom('case_attachments')
      .select(['id', 'name'])
      .where('name', 'like', '%.pdf')
      .executeTakeFirstOrThrow();
    const file = await download('superAdmin', `/api/attachments/${pdf.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent(pdf.name));
    const text = file.bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBe(9);
    entries.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
    // The attachment's name is on the page: its Chinese in UCS-2 for the Chinese font, then `.pdf`.
    const chinese = pdf.name.replace(/\.pdf$/, '');
    const hex = [...chinese]
      .map((c) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0').toUpperCase())
      .join('');
    expect(text).toContain(`<${hex}> Tj /F1 16 Tf (.pdf) Tj`);
  });

  it('says that an attachment of another kind is not a PDF', async () => {
    const other = await server.app.db
      .selectFrom('case_attachments')
      .select('id')
      .where('name', 'not like', '%.pdf')
      .executeTakeFirstOrThrow();
    const res = await server.call('GET', `/api/attachments/${other.id}/file`, {
      token: await server.tokenFor('superAdmin'),
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('This attachment is not a PDF; there is nothing to preview');
  });

  it("serves a lawyer the files of their own cases and not of other lawyers' cases", async () => {
    const lawyer = await server.app.db
      .selectFrom('lawyers')
      .select('id')
      .where('user_id', '=', await server.userId('13800000005'))
      .executeTakeFirstOrThrow();
    const pdfOf = (own: boolean) =>
      server.app.db
        .selectFrom('case_attachments')
        .innerJoin('cases', 'cases.id', 'case_attachments.case_id')
        .select('case_attachments.id')
        .where('case_attachments.name', 'like', '%.pdf')
        .where('cases.lawyer_id', own ? '=' : '!=', lawyer.id)
        .executeTakeFirstOrThrow();
    expect((await download('lawyer', `/api/attachments/${(await pdfOf(true)).id}/file`)).status).toBe(200);
    expect((await download('lawyer', `/api/attachments/${(await pdfOf(false)).id}/file`)).status).toBe(404);
    expect((await download('lawyer', '/api/attachments/999999/file')).status).toBe(404);
  });
});
