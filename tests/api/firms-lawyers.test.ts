import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LawyerProfile, LawyerRow } from '../../contract/firm-api';
import { MESSAGES } from '../../contract/messages';
import type { Paged } from '../../contract/paging';
import { auditRows } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoFirmId: number;
let demoLawyer: { id: number; user_id: number; licence_no: string };
beforeAll(async () => {
  server = await startServer();
  const row = await server.app.db
    .selectFrom('lawyers')
    .select(['id', 'user_id', 'licence_no', 'law_firm_id'])
    .where('user_id', '=', await server.userId('13800000005'))
    .executeTakeFirstOrThrow();
  demoLawyer = row;
  demoFirmId = row.law_firm_id;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

const list = async (query: string, role: Role = 'bussinessOperation') =>
  server.call<Paged<LawyerRow>>('GET', `/api/lawyers${query}`, { token: await server.tokenFor(role) });
const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);

async function caseCount(lawyerId: number, statuses?: string[]) {
  let q = server.app.db
    .selectFrom('cases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lawyer_id', '=', lawyerId);
  if (statuses) q = q.where('status', 'in', statuses);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe('GET /api/lawyers (lawyer follow-up, a firm account)', () => {
  it('pages every lawyer for business operations, with firm and review', async () => {
    const res = await list('?pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(await server.count('lawyers'));
    expect(res.body.data.list).toHaveLength(10);
    expect(res.body.data.list[0]).toMatchObject({
      lawFirmName: expect.any(String),
      licenceNo: expect.stringMatching(/^\d{17}$/),
    });
    const big = await list('?pageSize=101');
    expect(big.status).toBe(400);
    expect(errorPaths(big)).toEqual(['pageSize']);
  });

  it("counts each lawyer's cases in SQL: all, in progress and closed", async () => {
    const res = await list(`?keyword=${demoLawyer.licence_no}`);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      id: demoLawyer.id,
      caseCount: await caseCount(demoLawyer.id),
      activeCaseCount: await caseCount(demoLawyer.id, ['processing', 'suspended']),
      closedCaseCount: await caseCount(demoLawyer.id, ['closed']),
    });
    expect(res.body.data.list[0].caseCount).toBeGreaterThan(0);
  });

  it('sorts by the case counts, most first or fewest first', async () => {
    const most = await list('?sortField=caseCount&sortOrder=descend&pageSize=100');
    const counts = most.body.data.list.map((l) => l.caseCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1) ?? 0);
    const fewest = await list('?sortField=activeCaseCount&sortOrder=ascend&pageSize=100');
    const active = fewest.body.data.list.map((l) => l.activeCaseCount);
    expect(active).toEqual([...active].sort((a, b) => a - b));
    const wrong = await list('?sortField=phone');
    expect(wrong.status).toBe(400);
    expect(errorPaths(wrong)).toEqual(['sortField']);
  });

  it('filters by review status and by firm', async () => {
    const auditing = await list('?reviewStatus=auditing&pageSize=100');
    expect(auditing.body.data.total).toBeGreaterThan(0);
    expect(auditing.body.data.list.every((l) => l.reviewStatus === 'auditing')).toBe(true);
    const firm = await list(`?lawFirmId=${demoFirmId}&pageSize=100`);
    expect(firm.body.data.total).toBeGreaterThan(0);
    expect(firm.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
    const wrongId = await list('?lawFirmId=abc');
    expect(wrongId.status).toBe(400);
    expect(errorPaths(wrongId)).toEqual(['lawFirmId']);
  });

  it("shows a contact person their own firm's lawyers only, whatever firm they ask for", async () => {
    const own = await list('?pageSize=100', 'lawfirmContactPerson');
    expect(own.status).toBe(200);
    const inFirm = await server.app.db
      .selectFrom('lawyers')
      .select('id')
      .where('law_firm_id', '=', demoFirmId)
      .execute();
    expect(own.body.data.total).toBe(inFirm.length);
    expect(own.body.data.list.every((l) => l.lawFirmId === demoFirmId)).toBe(true);
    const other = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('id', '!=', demoFirmId)
      .executeTakeFirstOrThrow();
    const asked = await list(`?lawFirmId=${other.id}`, 'lawfirmContactPerson');
    expect(asked.body.data).toEqual({ list: [], total: 0 });
  });

  it.each(['caseOperation', 'lawyer', 'admin'] as const)('refuses %s', async (role) => {
    expect((await list('', role)).status).toBe(403);
  });
});

describe('PUT /api/lawyers/:id/review from a firm account', () => {
  async function lawyerWaiting(firm: 'demo' | 'other') {
    const row = await server.app.db
      .selectFrom('lawyers')
      .select('id')
      .where('law_firm_id', firm === 'demo' ? '=' : '!=', demoFirmId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('lawyers')
      .set({ review_status: 'auditing', review_reason: null, reviewer_id: null, reviewed_at: null })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  }
  // Each decision names the version it was taken on (the one the list showed).
  const review = async (id: number, body: Record<string, unknown>) => {
    const { version } = await server.app.db
      .selectFrom('lawyers')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return server.call('PUT', `/api/lawyers/${id}/review`, {
      token: await server.tokenFor('lawfirmContactPerson'),
      body: { version, ...body },
    });
  };

  it("lets the contact person reject their firm's lawyer with a reason, shown in the list", async () => {
    const id = await lawyerWaiting('demo');
    const res = await review(id, { status: 'rejected', reason: '执业证已过期' });
    expect(res.status).toBe(200);
    const row = (
      await list(`?reviewStatus=rejected&pageSize=100`, 'lawfirmContactPerson')
    ).body.data.list.find((l) => l.id === id);
    expect(row).toMatchObject({ reviewStatus: 'rejected', reviewReason: '执业证已过期' });
    expect(await auditRows(server, 'lawyer.review.rejected', id)).toHaveLength(1);
    // The applicant is told, with the reason and where to correct the details.
    const { user_id } = await server.app.db
      .selectFrom('lawyers')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const told = await server.app.db
      .selectFrom('messages')
      .select(['params', 'link'])
      .where('user_id', '=', user_id)
      .where('kind', '=', 'lawyer.rejected')
      .execute();
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0].params ?? '{}')).toMatchObject({ reason: '执业证已过期' });
    expect(told[0].link).toBe('/profile/editlawyer');
  });

  it("answers 404 for another firm's lawyer and changes nothing", async () => {
    const id = await lawyerWaiting('other');
    const res = await review(id, { status: 'passed' });
    expect(res.status).toBe(404);
    const stored = await server.app.db
      .selectFrom('lawyers')
      .select('review_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.review_status).toBe('auditing');
  });
});

describe('GET /api/lawyers/mine', () => {
  it('answers a lawyer with their own profile: licence, firm, review and case counts', async () => {
    const res = await server.call<LawyerProfile>('GET', '/api/lawyers/mine', {
      token: await server.tokenFor('lawyer'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: demoLawyer.id,
      licenceNo: demoLawyer.licence_no,
      lawFirmId: demoFirmId,
      caseCount: await caseCount(demoLawyer.id),
    });
  });

  it('answers 404 for a superAdmin, who is not a lawyer', async () => {
    const res = await server.call('GET', '/api/lawyers/mine', { token: await server.tokenFor('superAdmin') });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(MESSAGES['zh-CN']['lawyer.noOwnProfile']);
  });

  it('refuses a contact person', async () => {
    const res = await server.call('GET', '/api/lawyers/mine', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/lawyers/mine', () => {
  const put = async (body: unknown) =>
    server.call<LawyerProfile>('PUT', '/api/lawyers/mine', { token: await server.tokenFor('lawyer'), body });
  const user = () =>
    server.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', demoLawyer.user_id)
      .executeTakeFirstOrThrow();

  it('saves the email and introduction, never the licence, and records who did it', async () => {
    const audits = (await auditRows(server, 'lawyer.editProfile', demoLawyer.id)).length;
    const res = await put({
      email: 'lawyer@example.com',
      introduction: '专注金融债务纠纷调解。',
      licenceNo: '1',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: 'lawyer@example.com',
      introduction: '专注金融债务纠纷调解。',
      licenceNo: demoLawyer.licence_no,
    });
    expect(await user()).toMatchObject({
      email: 'lawyer@example.com',
      introduction: '专注金融债务纠纷调解。',
    });
    expect(await auditRows(server, 'lawyer.editProfile', demoLawyer.id)).toHaveLength(audits + 1);
  });

  it('leaves out what is not sent and clears what is sent empty', async () => {
    await put({ email: 'keep@example.com', introduction: '简介' });
    const res = await put({ introduction: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'keep@example.com', introduction: null });
  });

  it.each([
    ['a wrong email', { email: 'not-an-email' }, 'email'],
    ['an introduction over 200 characters', { introduction: '长'.repeat(201) }, 'introduction'],
  ])('refuses %s, naming the field, and writes nothing', async (_what, body, path) => {
    const before = await user();
    const audits = (await auditRows(server, 'lawyer.editProfile', demoLawyer.id)).length;
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual([path]);
    expect(await user()).toEqual(before);
    expect(await auditRows(server, 'lawyer.editProfile', demoLawyer.id)).toHaveLength(audits);
  });
});

describe('PUT /api/lawfirms/:id/review tells the firm', () => {
  it("sends the firm's contact person the decision in their language, linked to the firm's account page", async () => {
    await server.app.db
      .updateTable('law_firms')
      .set({ review_status: 'auditing', review_reason: null, reviewer_id: null, reviewed_at: null })
      .where('id', '=', demoFirmId)
      .execute();
    const { version } = await server.app.db
      .selectFrom('law_firms')
      .select('version')
      .where('id', '=', demoFirmId)
      .executeTakeFirstOrThrow();
    const res = await server.call('PUT', `/api/lawfirms/${demoFirmId}/review`, {
      token: await server.tokenFor('bussinessOperation'),
      body: { status: 'passed', version },
    });
    expect(res.status).toBe(200);
    const messages = await server.call<{
      list: Array<{ title: string; content: string; link: string | null }>;
    }>('GET', '/api/message/list?limit=50', { token: await server.tokenFor('lawfirmContactPerson') });
    const told = messages.body.data.list.filter((m) => m.title === '律所入驻审核通过');
    expect(told).toHaveLength(1);
    expect(told[0].link).toBe('/form/accountfirm');
  });
});
