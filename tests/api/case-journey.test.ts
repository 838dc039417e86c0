import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTransitionResult, CaseRow } from '../../contract/case-api';
import type { Message } from '../../contract/notifications';
import { businessToday, demoLawyer } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * A case's journey across roles through POST /api/cases/:id/transitions (issue 8): review,
 * push, the firm's answer, assignment, and the repayment that closes it, with the push
 * records, the audit trail and the message that tells whoever acts next.
 */

let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;
let opsUser: number;
beforeAll(async () => {
  server = await startServer();
  const lawyer = await demoLawyer(server);
  demoLawyerId = lawyer.id;
  demoFirmId = lawyer.law_firm_id;
  opsUser = await server.userId('13800000002');
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

const used = new Set<number>();
async function caseAt(position: 'awaitingReview' | 'pool' | 'pushed', firm?: number) {
  let query = server.app.db.selectFrom('cases').selectAll().where('position', '=', position);
  if (firm !== undefined) query = query.where('law_firm_id', '=', firm);
  const rows = await query.orderBy('id').execute();
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no unused case at ${position}`);
  used.add(row.id);
  return row;
}

async function send(role: Role, id: number, body: Record<string, unknown>) {
  const version = (
    await server.app.db.selectFrom('cases').select('version').where('id', '=', id).executeTakeFirstOrThrow()
  ).version;
  return server.call<CaseRow>('POST', `/api/cases/${id}/transitions`, {
    token: await server.tokenFor(role),
    body: { version, ...body },
  });
}

async function messagesOf(role: Role, lang = 'zh-CN') {
  const res = await server.call<{ list: Message[] }>('GET', '/api/message/list?limit=100', {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
  return res.body.data.list;
}

const pushesOf = (caseId: number) =>
  server.app.db
    .selectFrom('case_pushes')
    .select(['law_firm_id', 'push_status', 'reason'])
    .where('case_id', '=', caseId)
    .orderBy('id')
    .execute();

describe('review', () => {
  it('approves a case into the pool and tells whoever entered it', async () => {
    const before = await caseAt('awaitingReview');
    await server.app.db
      .updateTable('cases')
      .set({ created_by: opsUser })
      .where('id', '=', before.id)
      .execute();
    const res = await send('caseOperation', before.id, { event: 'APPROVE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', position: 'pool' });
    const notice = (await messagesOf('caseOperation')).find(
      (m) => m.link === `/list/case-detail/${before.id}`,
    );
    expect(notice).toMatchObject({ title: '案件已审核通过' });
    expect(notice?.content).toContain(before.case_no);
  });

  it('returns a case to a position of its own with the reason, until it is corrected and resubmitted', async () => {
    const before = await caseAt('awaitingReview');
    await server.app.db
      .updateTable('cases')
      .set({ created_by: opsUser })
      .where('id', '=', before.id)
      .execute();
    const res = await send('superAdmin', before.id, { event: 'RETURN', reason: '缺少借款合同' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      position: 'returned',
      returnReason: '缺少借款合同',
      // The one thing left to do: correct it and send it back to review.
      allowedEvents: ['RESUBMIT'],
    });
    const notice = (await messagesOf('caseOperation', 'en-US')).find(
      (m) => m.link === `/list/case-edit/${before.id}`,
    );
    expect(notice?.title).toBe('Case returned for correction');
    expect(notice?.content).toContain('缺少借款合同');
    expect(notice?.content).toContain('Resubmit for review');

    // Review waits for the correction: it cannot approve a returned case, nor return it again.
    const early = await send('caseOperation', before.id, { event: 'APPROVE' });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('案件已退回修改，需重新提交审核');
    // Whoever edits cases resubmits it; business operations cannot.
    expect((await send('bussinessOperation', before.id, { event: 'RESUBMIT' })).status).toBe(409);
    const resubmitted = await send('caseOperation', before.id, { event: 'RESUBMIT' });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body.data).toMatchObject({
      position: 'awaitingReview',
      returnReason: null,
      allowedEvents: ['APPROVE', 'RETURN'],
    });
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'params', 'actor_role'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(before.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.params ?? '{}').to, a.actor_role])).toEqual([
      ['case.return', 'pending.returned', 'superAdmin'],
      ['case.resubmit', 'pending.awaitingReview', 'caseOperation'],
    ]);
    const approved = await send('caseOperation', before.id, { event: 'APPROVE' });
    expect(approved.body.data).toMatchObject({ position: 'pool', returnReason: null });
  });

  it('refuses review to roles without cases.review, and a return without a reason', async () => {
    const before = await caseAt('awaitingReview');
    expect((await send('bussinessOperation', before.id, { event: 'APPROVE' })).status).toBe(409);
    const blank = await send('caseOperation', before.id, { event: 'RETURN', reason: ' ' });
    expect(blank.status).toBe(409);
    expect(blank.body.msg).toBe('请填写原因');
  });
});

describe('push, the firm’s answer, assignment', () => {
  it('pushes to a firm, the firm accepts and assigns its lawyer, who is told', async () => {
    const before = await caseAt('pool');
    const pushed = await send('caseOperation', before.id, { event: 'PUSH', lawFirmId: demoFirmId });
    expect(pushed.body.data).toMatchObject({ position: 'pushed', lawFirmId: demoFirmId });
    expect(await pushesOf(before.id)).toEqual([
      { law_firm_id: demoFirmId, push_status: 'pushed', reason: null },
    ]);
    const toFirm = (await messagesOf('lawfirmContactPerson')).find((m) => m.content.includes(before.case_no));
    expect(toFirm).toMatchObject({ title: '新的推送案件', link: `/form/firm-case/${before.id}`, status: 0 });

    const accepted = await send('lawfirmContactPerson', before.id, { event: 'ACCEPT' });
    expect(accepted.body.data).toMatchObject({ position: 'accepted', allowedEvents: ['ASSIGN'] });
    expect((await pushesOf(before.id)).map((p) => p.push_status)).toEqual(['accepted']);
    const toOps = (await messagesOf('caseOperation')).find((m) => m.content.includes(before.case_no));
    expect(toOps).toMatchObject({ title: '律所已接收推送', link: '/list/push-manage' });

    const assigned = await send('lawfirmContactPerson', before.id, {
      event: 'ASSIGN',
      lawyerId: demoLawyerId,
    });
    expect(assigned.body.data).toMatchObject({ status: 'processing', lawyerId: demoLawyerId });
    const toLawyer = (await messagesOf('lawyer')).find((m) => m.link === `/case/processing/${before.id}`);
    expect(toLawyer).toMatchObject({ title: '新分配的案件' });

    const actions = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'params'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(before.id))
      .orderBy('id')
      .execute();
    // After the seed's own history of the case (its approval), this test's three transitions.
    expect(actions.map((a) => a.action).slice(-3)).toEqual(['case.push', 'case.accept', 'case.assign']);
    expect(JSON.parse(actions.at(-3)?.params ?? '{}')).toMatchObject({
      caseNo: before.case_no,
      to: 'pending.pushed',
    });
  });

  it('returns a declined push to the pool with the reason, and tells operations', async () => {
    const before = await caseAt('pool');
    await send('caseOperation', before.id, { event: 'PUSH', lawFirmId: demoFirmId });
    const declined = await send('lawfirmContactPerson', before.id, {
      event: 'DECLINE',
      reason: '本所暂无承办力量',
    });
    expect(declined.body.data).toMatchObject({ position: 'pool', lawFirmId: null });
    expect(await pushesOf(before.id)).toEqual([
      { law_firm_id: demoFirmId, push_status: 'declined', reason: '本所暂无承办力量' },
    ]);
    const toOps = (await messagesOf('caseOperation')).find(
      (m) => m.title === '律所拒绝了推送' && m.content.includes(before.case_no),
    );
    expect(toOps?.content).toContain('本所暂无承办力量');
  });

  it('withdraws a push when operations push the case to another firm', async () => {
    const before = await caseAt('pool');
    const other = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '=', 'passed')
      .where('id', '!=', demoFirmId)
      .executeTakeFirstOrThrow();
    await send('caseOperation', before.id, { event: 'PUSH', lawFirmId: demoFirmId });
    const again = await send('caseOperation', before.id, { event: 'PUSH', lawFirmId: other.id });
    expect(again.body.data).toMatchObject({ position: 'pushed', lawFirmId: other.id });
    expect((await pushesOf(before.id)).map((p) => [p.law_firm_id, p.push_status])).toEqual([
      [demoFirmId, 'withdrawn'],
      [other.id, 'pushed'],
    ]);
    // The first firm no longer sees it.
    const firmView = await server.call('GET', `/api/cases/${before.id}`, {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(firmView.status).toBe(404);
  });

  it('refuses a push to a firm that has not passed review, naming the field', async () => {
    const before = await caseAt('pool');
    const unreviewed = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('review_status', '!=', 'passed')
      .executeTakeFirstOrThrow();
    const res = await send('caseOperation', before.id, { event: 'PUSH', lawFirmId: unreviewed.id });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('lawFirmId');
  });
});

describe('repayments up to the amount close the case as repaid', () => {
  it('closes through the machine in the repayment’s transaction, with its audit entry', async () => {
    const row = await server.app.db
      .selectFrom('cases')
      .selectAll()
      .where('status', '=', 'processing')
      .where('lawyer_id', '=', demoLawyerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const repaid = await server.app.db
      .selectFrom('repayments')
      .where('case_id', '=', row.id)
      .select((eb) => eb.fn.sum<number>('amount_fen').as('n'))
      .executeTakeFirstOrThrow();
    const left = Number(row.amount_fen) - Number(repaid.n ?? 0);
    const today = businessToday(server);
    const token = await server.tokenFor('lawyer');
    const post = (amountFen: number) =>
      server.call<{ closedCase?: boolean }>('POST', `/api/cases/${row.id}/repayments`, {
        token,
        body: { amountFen, repaidOn: today },
      });
    const first = await post(left - 1);
    expect(first.body.data.closedCase).toBe(false);
    expect(
      (
        await server.app.db
          .selectFrom('cases')
          .select('status')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('processing');
    const last = await post(1);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.closedCase).toBe(true);
    const after = await server.app.db
      .selectFrom('cases')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'closed', close_result: 'repaid', stage: 'archived' });
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(row.id))
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['case.close', 'case.repayment']);
  });
});

describe('POST /api/cases/bulk-transitions', () => {
  it('answers per case: which succeeded, which were refused and why', async () => {
    const a = await caseAt('pool');
    const b = await caseAt('pool');
    const review = await caseAt('awaitingReview');
    const res = await server.call<BulkTransitionResult>('POST', '/api/cases/bulk-transitions', {
      token: await server.tokenFor('caseOperation'),
      body: { event: 'PUSH', ids: [a.id, b.id, review.id, 99_999_999], lawFirmId: demoFirmId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ succeeded: 2, refused: 2 });
    expect(res.body.data.list).toEqual([
      { caseId: a.id, caseNo: a.case_no, ok: true },
      { caseId: b.id, caseNo: b.case_no, ok: true },
      {
        caseId: review.id,
        caseNo: review.case_no,
        ok: false,
        reason: '案件尚未通过审核',
        code: 'case.transition.inState.awaitingReview',
        params: { state: 'awaitingReview' },
      },
      {
        caseId: 99_999_999,
        ok: false,
        reason: '案件不存在或不在您的可见范围内',
        code: 'case.notFound',
        params: {},
      },
    ]);
    const positions = await server.app.db
      .selectFrom('cases')
      .select(['id', 'position'])
      .where('id', 'in', [a.id, b.id, review.id])
      .orderBy('id')
      .execute();
    expect(positions.map((p) => p.position).sort()).toEqual(['awaitingReview', 'pushed', 'pushed']);
  });

  it('takes only the list’s bulk events', async () => {
    const res = await server.call('POST', '/api/cases/bulk-transitions', {
      token: await server.tokenFor('caseOperation'),
      body: { event: 'REOPEN', ids: [1] },
    });
    expect(res.status).toBe(400);
  });
});
