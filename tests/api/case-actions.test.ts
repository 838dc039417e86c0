import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkTransitionResult, CaseDetail, CaseRow } from '../../contract/case-api';
import { MAX_REPAYMENT_FEN } from '../../contract/ledger';
import { MESSAGES } from '../../contract/messages';
import { freshCase, stored, transition, useCaseServer } from './case-fixtures';
import { businessToday } from './fixtures';
import { startServer, type TestServer } from './harness';

/**
 * Decisions a second person can overtake, and money that must add up (issue 18): repayments
 * bound by the case's state and what is outstanding, push answers on the version they read,
 * bulk refusals each with its reason, and a case's detail scoped to the reader's firm.
 */

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

type Failure = { status: number; body: { msg: string; data?: unknown; errors?: Array<{ path: string }> } };

async function repay(role: 'lawyer' | 'caseOperation', caseId: number, amountFen: number) {
  return server.call<{ closedCase?: boolean }>('POST', `/api/cases/${caseId}/repayments`, {
    token: await server.tokenFor(role),
    body: { amountFen, repaidOn: businessToday(server) },
  });
}

async function repaidOf(caseId: number): Promise<number> {
  const row = await server.app.db
    .selectFrom('repayments')
    .where('case_id', '=', caseId)
    .select((eb) => eb.fn.sum<number>('amount_fen').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** Sets a case's claim so that exactly `outstanding` fen remain, all of it principal. */
async function leaveOutstanding(caseId: number, outstanding: number) {
  const amount = (await repaidOf(caseId)) + outstanding;
  await server.app.db
    .updateTable('cases')
    .set({
      amount_fen: amount,
      outstanding_principal_fen: outstanding,
      outstanding_interest_fen: 0,
      outstanding_penalty_fen: 0,
      outstanding_fees_fen: 0,
      outstanding_fen: outstanding,
    })
    .where('id', '=', caseId)
    .execute();
}

describe('repayments are bound by the case and what it still owes', () => {
  it('refuses a repayment on a closed case (409 with the outstanding amount)', async () => {
    const closed = await freshCase({ status: 'closed' });
    const res = (await repay('caseOperation', closed.id, 100)) as Failure;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.msg).toBe(MESSAGES['zh-CN']['case.repayment.notRepayable']);
    const outstanding = Math.max(0, Number(closed.amount_fen) - (await repaidOf(closed.id)));
    expect(res.body.data).toEqual({ outstandingFen: outstanding });
  });

  it('accepts one during a suspension (debtors pay then too)', async () => {
    const suspended = await freshCase({ status: 'suspended' });
    await leaveOutstanding(suspended.id, 10_000);
    const res = await repay('caseOperation', suspended.id, 2_500);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('refuses more than is outstanding, saying how much is, and records nothing', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    await leaveOutstanding(c.id, 565_000);
    const before = await repaidOf(c.id);
    const res = (await repay('lawyer', c.id, 900_000)) as Failure;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.data).toEqual({ outstandingFen: 565_000 });
    expect(res.body.msg).toBe('还款金额超过待还金额：当前待还 5,650.00 元');
    expect(res.body.errors?.[0]?.path).toBe('amountFen');
    expect(await repaidOf(c.id)).toBe(before);
    const detail = await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, {
      token: await server.tokenFor('lawyer'),
    });
    expect(detail.body.data.outstandingFen).toBe(565_000);
  });

  it('of 50 simultaneous repayments of 1.25x the remainder, accepts exactly what fits and closes the case', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const each = 1_234;
    await leaveOutstanding(c.id, 40 * each);
    const claim = Number((await stored(c.id)).amount_fen);
    const answers = await Promise.all(Array.from({ length: 50 }, () => repay('lawyer', c.id, each)));
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toHaveLength(40);
    expect(refused).toHaveLength(10);
    expect(await repaidOf(c.id)).toBe(claim);
    expect(accepted.filter((a) => a.body.data.closedCase)).toHaveLength(1);
    const after = await stored(c.id);
    expect(after.status).toBe('closed');
    expect(after.close_result).toBe('repaid');
  });

  it('refuses amounts past the per-repayment bound (400), and statistics and workplaces still answer', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const huge = await Promise.all(
      Array.from({ length: 40 }, () => repay('lawyer', c.id, Number.MAX_SAFE_INTEGER)),
    );
    for (const res of huge as Failure[]) {
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe('amountFen');
    }
    expect(((await repay('lawyer', c.id, MAX_REPAYMENT_FEN + 1)) as Failure).status).toBe(400);
    // At the bound: refused only because it is more than the case owes.
    const atBound = (await repay('lawyer', c.id, MAX_REPAYMENT_FEN)) as Failure;
    expect(atBound.status).toBe(409);
    for (const [role, path] of [
      ['superAdmin', '/api/statistics/data'],
      ['caseOperation', '/api/dashboard/workplace'],
      ['lawyer', '/api/dashboard/lawyer-workplace'],
      ['lawfirmContactPerson', '/api/dashboard/lawfirm-workplace'],
    ] as const) {
      const res = await server.call('GET', path, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${path} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
  });
});

describe('a push answer names the version it was taken on', () => {
  it('without a version: 400 at version; on an older one: 409 with {version, savedBy, savedAt}', async () => {
    const c = await freshCase({ status: 'pending', firm: 'none' });
    const pushed = await transition('caseOperation', c.id, {
      event: 'PUSH',
      version: c.version,
      lawFirmId: demoFirmId,
    });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    const seen = pushed.body.data.version;

    const bare = (await transition('lawfirmContactPerson', c.id, { event: 'ACCEPT' })) as Failure;
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.map((e) => e.path)).toContain('version');

    // Operations withdraw the push and push it again while the firm looks at it.
    const released = await transition('caseOperation', c.id, { event: 'RELEASE', version: seen });
    expect(released.status).toBe(200);
    const again = await transition('caseOperation', c.id, {
      event: 'PUSH',
      version: released.body.data.version,
      lawFirmId: demoFirmId,
    });
    expect(again.status).toBe(200);

    for (const body of [{ event: 'ACCEPT' }, { event: 'DECLINE', reason: '利益冲突' }]) {
      const stale = (await transition('lawfirmContactPerson', c.id, { ...body, version: seen })) as Failure;
      expect(stale.status, JSON.stringify(stale.body)).toBe(409);
      expect(stale.body.msg).toBe(MESSAGES['zh-CN']['case.staleVersion']);
      const operator = await server.app.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('phone', '=', '13800000002')
        .executeTakeFirstOrThrow();
      const now = await stored(c.id);
      expect(stale.body.data).toEqual({
        version: again.body.data.version,
        savedBy: { id: operator.id, name: operator.name },
        savedAt: now.updated_at,
      });
    }
    expect((await stored(c.id)).position).toBe('pushed');
    const fresh = await transition('lawfirmContactPerson', c.id, {
      event: 'ACCEPT',
      version: again.body.data.version,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.position).toBe('accepted');
  });
});

describe('bulk actions', () => {
  it('decide each case at its current version and give each refusal its own reason', async () => {
    const worked = await freshCase({ status: 'processing', lawyer: 'other' });
    const suspended = await freshCase({ status: 'suspended' });
    const closed = await freshCase({ status: 'closed' });
    const review = await freshCase({ status: 'pending', position: 'awaitingReview' });
    const pool = await freshCase({ status: 'pending', firm: 'none' });
    // Someone changed this one since the list was read: the bulk action still takes it as it is now.
    const edited = await server.call<CaseRow>('PUT', `/api/cases/${worked.id}`, {
      token: await server.tokenFor('caseOperation'),
      body: { version: worked.version, title: `${worked.title}（已更正）` },
    });
    expect(edited.status).toBe(200);
    const res = await server.call<BulkTransitionResult>('POST', '/api/cases/bulk-transitions', {
      token: await server.tokenFor('caseOperation'),
      body: {
        event: 'CLOSE',
        result: 'mediated',
        ids: [worked.id, suspended.id, closed.id, review.id, pool.id],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map(res.body.data.list.map((r) => [r.caseId, r]));
    expect(byId.get(worked.id)).toMatchObject({ ok: true, caseNo: worked.case_no });
    expect(byId.get(suspended.id)).toMatchObject({ ok: true });
    expect(byId.get(closed.id)).toMatchObject({
      ok: false,
      caseNo: closed.case_no,
      code: 'case.transition.inState.closed',
      reason: '案件已结案',
    });
    expect(byId.get(review.id)).toMatchObject({
      ok: false,
      code: 'case.transition.inState.awaitingReview',
      reason: '案件尚未通过审核',
    });
    expect(byId.get(pool.id)).toMatchObject({
      ok: false,
      code: 'case.transition.inState.pool',
      reason: '案件在案件池中，尚未推送律所',
    });
    const reasons = res.body.data.list.filter((r) => !r.ok).map((r) => r.reason);
    expect(new Set(reasons).size).toBe(3);
    expect(res.body.data).toMatchObject({ succeeded: 2, refused: 3 });
  });
});

describe("a case's detail shows only the reader's firm's pushes", () => {
  async function otherFirmContact() {
    const contact = await server.app.db
      .selectFrom('users')
      .select(['phone', 'law_firm_id'])
      .where('role', '=', 'lawfirmContactPerson')
      .where('enabled', '=', 1)
      .where('law_firm_id', '!=', demoFirmId)
      .where('law_firm_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const firm = await server.app.db
      .selectFrom('law_firms')
      .select('review_status')
      .where('id', '=', contact.law_firm_id as number)
      .executeTakeFirstOrThrow();
    expect(firm.review_status).toBe('passed');
    return { token: await server.login(contact.phone), firmId: contact.law_firm_id as number };
  }

  it("hides another firm's push and decline reason from a contact person and from a lawyer on a pool case", async () => {
    const other = await otherFirmContact();
    const c = await freshCase({ status: 'pending', firm: 'none' });
    const secret = '本所与债务人存在利益冲突';
    const toOther = await transition('caseOperation', c.id, {
      event: 'PUSH',
      version: c.version,
      lawFirmId: other.firmId,
    });
    expect(toOther.status, JSON.stringify(toOther.body)).toBe(200);
    const declined = await server.call<CaseRow>('POST', `/api/cases/${c.id}/transitions`, {
      token: other.token,
      body: { event: 'DECLINE', reason: secret, version: toOther.body.data.version },
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);

    const leaks = (detail: CaseDetail) => ({
      pushes: detail.pushes.filter((p) => p.lawFirmId !== demoFirmId),
      trail: detail.auditTrail.filter((a) => JSON.stringify(a).includes(secret)),
    });
    // Back in the pool: the demo lawyer may read it, but not the other firm's history.
    const asLawyer = await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, {
      token: await server.tokenFor('lawyer'),
    });
    expect(asLawyer.status).toBe(200);
    expect(leaks(asLawyer.body.data)).toEqual({ pushes: [], trail: [] });
    expect(asLawyer.body.data.auditTrail.some((a) => a.event === 'PUSH' || a.event === 'DECLINE')).toBe(
      false,
    );

    const toDemo = await transition('caseOperation', c.id, {
      event: 'PUSH',
      version: declined.body.data.version,
      lawFirmId: demoFirmId,
    });
    expect(toDemo.status).toBe(200);
    const asContact = await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(asContact.status).toBe(200);
    expect(leaks(asContact.body.data)).toEqual({ pushes: [], trail: [] });
    expect(asContact.body.data.pushes.map((p) => [p.lawFirmId, p.pushStatus])).toEqual([
      [demoFirmId, 'pushed'],
    ]);
    expect(asContact.body.data.auditTrail.filter((a) => a.event === 'PUSH')).toHaveLength(1);

    // The same rule as /api/case-pushes, and operations still read the whole history.
    const listed = await server.call<{ list: Array<{ caseId: number; lawFirmId: number }> }>(
      'GET',
      `/api/case-pushes?caseNo=${c.case_no}`,
      { token: await server.tokenFor('lawfirmContactPerson') },
    );
    expect(listed.body.data.list.map((p) => p.lawFirmId)).toEqual([demoFirmId]);
    const asOperations = await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, {
      token: await server.tokenFor('caseOperation'),
    });
    expect(asOperations.body.data.pushes.map((p) => p.lawFirmId)).toEqual([demoFirmId, other.firmId]);
    expect(asOperations.body.data.auditTrail.some((a) => a.reason === secret)).toBe(true);
  });
});

describe("operations' assignment of a case pushed to a firm", () => {
  it('is flagged as withdrawing the unanswered push for operations only, and the lawyer picker names each firm', async () => {
    const c = await freshCase({ status: 'pending', firm: 'none' });
    const read = async (role: 'caseOperation' | 'lawfirmContactPerson') =>
      (await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, { token: await server.tokenFor(role) }))
        .body.data;
    expect((await read('caseOperation')).assignWithdrawsPush).toBe(false);
    const pushed = await transition('caseOperation', c.id, {
      event: 'PUSH',
      version: c.version,
      lawFirmId: demoFirmId,
    });
    expect(pushed.body.data.assignWithdrawsPush).toBe(true);
    expect(await read('caseOperation')).toMatchObject({ assignWithdrawsPush: true, position: 'pushed' });
    // The firm's own contact assigns its own lawyers: that accepts the push, withdraws nothing.
    expect((await read('lawfirmContactPerson')).assignWithdrawsPush).toBe(false);
    const accepted = await transition('lawfirmContactPerson', c.id, {
      event: 'ACCEPT',
      version: pushed.body.data.version,
    });
    expect(accepted.status).toBe(200);
    expect((await read('caseOperation')).assignWithdrawsPush).toBe(false);

    const options = await server.call<{ list: Array<{ name: string; label: string; lawFirmName: string }> }>(
      'GET',
      '/api/lawyers/options',
      { token: await server.tokenFor('caseOperation') },
    );
    expect(options.status).toBe(200);
    expect(options.body.data.list.length).toBeGreaterThan(1);
    for (const o of options.body.data.list) expect(o.label).toBe(`${o.name} · ${o.lawFirmName}`);
  });
});
