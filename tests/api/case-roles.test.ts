import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTransitionResult, CaseDetail, CaseRow } from '../../contract/case-api';
import type { PageDescriptor } from '../../contract/pages/descriptor';
import { startServer, type TestServer } from './harness';

/**
 * Each role's part of the journey as its pages ask for it: the firm picker of a push (passed
 * firms only), the firm's lawyer picker and the firm's limits (its own cases, its own lawyers),
 * the decisions as the case record shows them, the per-case codes of a bulk action, and the
 * read-only record business operations open.
 */

let server: TestServer;
let demoFirmId: number;
let otherFirmLawyerId: number;
beforeAll(async () => {
  server = await startServer();
  const lawyer = await server.app.db
    .selectFrom('lawyers')
    .select(['id', 'law_firm_id'])
    .where('user_id', '=', await server.userId('13800000005'))
    .executeTakeFirstOrThrow();
  demoFirmId = lawyer.law_firm_id;
  const other = await server.app.db
    .selectFrom('lawyers')
    .select('id')
    .where('law_firm_id', '!=', demoFirmId)
    .where('review_status', '=', 'passed')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  otherFirmLawyerId = other.id;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

const used = new Set<number>();
async function poolCase() {
  const rows = await server.app.db
    .selectFrom('cases')
    .select(['id', 'case_no'])
    .where('position', '=', 'pool')
    .orderBy('id')
    .execute();
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error('no unused pool case');
  used.add(row.id);
  return row;
}

async function get<T>(role: Role, path: string, lang = 'zh-CN') {
  return server.call<T>('GET', `/api${path}`, {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
}

async function send(role: Role, id: number, body: Record<string, unknown>) {
  const { version } = await server.app.db
    .selectFrom('cases')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return server.call<CaseRow>('POST', `/api/cases/${id}/transitions`, {
    token: await server.tokenFor(role),
    body: { version, ...body },
  });
}

describe('the push picker: GET /lawfirms/options', () => {
  it('lists exactly the firms that passed review, by name', async () => {
    const res = await get<{ list: Array<{ id: number; name: string }>; total: number }>(
      'caseOperation',
      '/lawfirms/options',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const passed = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .execute();
    const others = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '!=', 'passed')
      .execute();
    expect(others.length).toBeGreaterThan(0);
    expect(res.body.data.list.map((f) => f.id).sort((a, b) => a - b)).toEqual(
      passed.map((f) => f.id).sort((a, b) => a - b),
    );
    expect(res.body.data.total).toBe(passed.length);
  });

  it('narrows by a keyword of the name and answers a too long one with 400', async () => {
    const all = await get<{ list: Array<{ name: string }> }>('superAdmin', '/lawfirms/options');
    const name = all.body.data.list[0].name;
    const some = await get<{ list: Array<{ name: string }> }>(
      'superAdmin',
      `/lawfirms/options?keyword=${encodeURIComponent(name.slice(0, 4))}`,
    );
    expect(some.body.data.list.length).toBeGreaterThan(0);
    expect(some.body.data.list.every((f) => f.name.includes(name.slice(0, 4)))).toBe(true);
    const long = await get('superAdmin', `/lawfirms/options?keyword=${'律'.repeat(31)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0].path).toBe('keyword');
  });

  it('is refused to roles that do not push cases', async () => {
    for (const role of ['lawfirmContactPerson', 'lawyer', 'bussinessOperation'] as const) {
      expect((await get(role, '/lawfirms/options')).status).toBe(403);
    }
  });
});

describe('a firm’s contact person', () => {
  it('picks among the firm’s own passed lawyers only', async () => {
    const res = await get<{ list: Array<{ id: number; lawFirmId: number }> }>(
      'lawfirmContactPerson',
      '/lawyers/options',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
  });

  it('cannot assign another firm’s lawyer to a case it accepted', async () => {
    const c = await poolCase();
    await send('caseOperation', c.id, { event: 'PUSH', lawFirmId: demoFirmId });
    expect((await send('lawfirmContactPerson', c.id, { event: 'ACCEPT' })).status).toBe(200);
    const res = await send('lawfirmContactPerson', c.id, { event: 'ASSIGN', lawyerId: otherFirmLawyerId });
    expect(res.status).toBe(409);
    const after = await server.app.db
      .selectFrom('cases')
      .select(['status', 'position', 'lawyer_id'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'pending', position: 'accepted', lawyer_id: null });
  });

  it('cannot see, nor act on, a case pushed to another firm', async () => {
    const c = await poolCase();
    const otherFirm = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .where('id', '!=', demoFirmId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await send('caseOperation', c.id, { event: 'PUSH', lawFirmId: otherFirm.id });
    expect((await get('lawfirmContactPerson', `/cases/${c.id}`)).status).toBe(404);
    expect((await send('lawfirmContactPerson', c.id, { event: 'ACCEPT' })).status).toBe(404);
    const list = await get<{ list: CaseRow[] }>(
      'lawfirmContactPerson',
      `/cases?caseNo=${c.case_no}&pageSize=20`,
    );
    expect(list.body.data.list).toEqual([]);
  });

  it('sees its pushed case with accept, decline and assign offered, and the decline’s reason on the record', async () => {
    const c = await poolCase();
    await send('caseOperation', c.id, { event: 'PUSH', lawFirmId: demoFirmId });
    const row = await get<{ list: CaseRow[] }>('lawfirmContactPerson', `/cases?caseNo=${c.case_no}`);
    // Assigning one of the firm's lawyers accepts the push too.
    expect(row.body.data.list[0].allowedEvents.sort()).toEqual(['ACCEPT', 'ASSIGN', 'DECLINE']);
    expect((await send('lawfirmContactPerson', c.id, { event: 'DECLINE', reason: '利益冲突' })).status).toBe(
      200,
    );
    const record = await get<CaseDetail>('caseOperation', `/cases/${c.id}`);
    expect(record.body.data.pushes[0]).toMatchObject({ pushStatus: 'declined', reason: '利益冲突' });
    expect(record.body.data.pushes[0].answeredAt).not.toBeNull();
    const pushList = await get<{ list: Array<{ caseId: number; reason: string | null }> }>(
      'caseOperation',
      `/case-pushes?caseNo=${c.case_no}`,
    );
    expect(pushList.body.data.list[0]).toMatchObject({ caseId: c.id, reason: '利益冲突' });
  });

  it('opens the firm case page, which operations do not', async () => {
    const page = await get<PageDescriptor>('lawfirmContactPerson', '/pages/firm-case');
    expect(page.status).toBe(200);
    expect((await get('caseOperation', '/pages/firm-case')).status).toBe(403);
  });
});

describe('the review’s decision on the case record', () => {
  it('shows a return with its reason in the history and on the case', async () => {
    const c = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('position', '=', 'awaitingReview')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await send('caseOperation', c.id, { event: 'RETURN', reason: '缺少借款合同' })).status).toBe(200);
    const record = await get<CaseDetail>('caseOperation', `/cases/${c.id}`);
    expect(record.body.data.returnReason).toBe('缺少借款合同');
    expect(record.body.data.auditTrail[0]).toMatchObject({ event: 'RETURN', reason: '缺少借款合同' });
  });
});

describe('bulk actions', () => {
  it('give each refused case its reason as a message key, said in the caller’s language', async () => {
    const a = await poolCase();
    const review = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('position', '=', 'awaitingReview')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await server.call<BulkTransitionResult>('POST', '/api/cases/bulk-transitions', {
      token: await server.tokenFor('caseOperation'),
      headers: { 'accept-language': 'en-US' },
      body: { event: 'PUSH', ids: [a.id, review.id], lawFirmId: demoFirmId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: 1, refused: 1 });
    expect(res.body.data.list[1]).toMatchObject({
      caseId: review.id,
      ok: false,
      code: 'case.transition.inState.awaitingReview',
      params: { state: 'awaitingReview' },
      reason: 'The case has not passed review yet',
    });
  });
});

describe('business operations', () => {
  it('read a case’s whole record with no event to send, and the record page has no action', async () => {
    const c = await server.app.db
      .selectFrom('cases')
      .select('id')
      .where('status', '=', 'processing')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const record = await get<CaseDetail>('bussinessOperation', `/cases/${c.id}`);
    expect(record.status).toBe(200);
    expect(record.body.data.allowedEvents).toEqual([]);
    expect((await send('bussinessOperation', c.id, { event: 'SUSPEND', reason: 'x' })).status).toBe(409);

    const page = await get<PageDescriptor>('bussinessOperation', '/pages/case-record');
    expect(page.status).toBe(200);
    const kinds = JSON.stringify(page.body.data).match(/"kind":"(api|transition|bulkTransition)"/g);
    expect(kinds).toBeNull();
    expect((await get('caseOperation', '/pages/case-record')).status).toBe(403);
  });
});

describe('the position filter', () => {
  it('lists a firm’s pushes waiting for its answer', async () => {
    const c = await poolCase();
    await send('caseOperation', c.id, { event: 'PUSH', lawFirmId: demoFirmId });
    const res = await get<{ list: CaseRow[]; total: number }>(
      'lawfirmContactPerson',
      '/cases?position=pushed&pageSize=100',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r) => r.id)).toContain(c.id);
    expect(res.body.data.list.every((r) => r.position === 'pushed' && r.lawFirmId === demoFirmId)).toBe(true);
    expect((await get('lawfirmContactPerson', '/cases?position=somewhere')).status).toBe(400);
  });
});
