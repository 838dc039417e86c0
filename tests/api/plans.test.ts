import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail, CaseRow } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import { addDays, type Plan } from '../../contract/plans';
import { sweepPlans } from '../../server/cases/plans/sweep';
import { freshCase, useCaseServer } from './case-fixtures';
import { auditRows, businessToday } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useCaseServer(server);
});
afterAll(() => server.close());

const DAY = 86_400_000;

/** A processing case of the demo lawyer without a plan, and what is outstanding on it. */
async function planlessCase() {
  for (;;) {
    const row = await freshCase({ status: 'processing', lawyer: 'demo' });
    if (row.plan_status !== null) continue;
    const detail = await server.call<CaseDetail>('GET', `/api/cases/${row.id}`, {
      token: await server.sessionFor('lawyer'),
    });
    const outstanding = detail.body.data.amountFen - detail.body.data.repaidFen;
    if (outstanding >= 10_000) return { id: row.id, caseNo: row.case_no, outstanding };
  }
}

/** Instalments of `total` fen due every 30 days from `first` days after today, the last taking the rest. */
function instalments(total: number, count: number, first = 0) {
  const today = businessToday(server);
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => ({
    dueOn: addDays(today, first + i * 30),
    amountFen: i === count - 1 ? total - each * (count - 1) : each,
  }));
}

async function propose(caseId: number, body: unknown) {
  return server.call<{ id: number; status: string; version: number }>('POST', `/api/cases/${caseId}/plans`, {
    token: await server.sessionFor('lawyer'),
    body,
  });
}

/** The case's `can` as its record and its row in the lawyer's list say it (they agree). */
async function canOf(caseId: number) {
  const token = await server.sessionFor('lawyer');
  const detail = await server.call<CaseDetail>('GET', `/api/cases/${caseId}`, { token });
  const row = await server.call<Paged<CaseRow>>('GET', `/api/cases/mine?caseNo=${detail.body.data.caseNo}`, {
    token,
  });
  expect(row.body.data.list.map((r) => r.can)).toEqual([detail.body.data.can]);
  return detail.body.data.can;
}

async function plansOf(caseId: number) {
  const res = await server.call<{ list: Plan[] }>('GET', `/api/cases/${caseId}/plans`, {
    token: await server.sessionFor('lawyer'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

async function repay(caseId: number, amountFen: number) {
  const res = await server.call('POST', `/api/cases/${caseId}/repayments`, {
    token: await server.sessionFor('lawyer'),
    body: { amountFen, repaidOn: businessToday(server) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('repayment plans', () => {
  it('makes a plan of the whole outstanding amount active at once, and repayments fill it in order', async () => {
    const c = await planlessCase();
    expect((await canOf(c.id)).proposePlan).toBe(true);
    const created = await propose(c.id, { instalments: instalments(c.outstanding, 3, 5) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'active' });
    // One open plan a case: the record no longer offers 制定分期, and the server says why.
    expect(await canOf(c.id)).toMatchObject({ proposePlan: false, repay: true });
    expect((await propose(c.id, { instalments: instalments(c.outstanding, 1) })).status).toBe(409);

    const [first] = instalments(c.outstanding, 3, 5);
    await repay(c.id, first.amountFen + 1);
    const [plan] = await plansOf(c.id);
    expect(plan).toMatchObject({ status: 'active', totalFen: c.outstanding, paidFen: first.amountFen + 1 });
    expect(plan.instalments.map((i) => [i.status, i.paidFen])).toEqual([
      ['paid', first.amountFen],
      ['partial', 1],
      ['due', 0],
    ]);
    expect(await auditRows(server, 'plan.propose', created.body.data.id)).toHaveLength(1);
    const listed = await server.call<Paged<CaseRow>>(
      'GET',
      `/api/cases?planStatus=active&caseNo=${c.caseNo}`,
      {
        token: await server.sessionFor('caseOperation'),
      },
    );
    expect(listed.body.data.list.map((r) => [r.id, r.planStatus])).toEqual([[c.id, 'active']]);

    const pdf = await fetch(`${server.url}/api/plans/${created.body.data.id}/pdf`, {
      headers: { authorization: `Bearer ${await server.sessionFor('lawyer')}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses a plan over the outstanding amount, past the allowed reduction, before today or without a reason', async () => {
    const c = await planlessCase();
    const over = await propose(c.id, { instalments: instalments(c.outstanding + 1, 2) });
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0].path).toBe('instalments');
    const beyond = await propose(c.id, {
      instalments: instalments(Math.floor(c.outstanding * 0.69), 2),
      reason: '困难',
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors?.[0].path).toBe('instalments');
    const noReason = await propose(c.id, { instalments: instalments(Math.ceil(c.outstanding * 0.8), 2) });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0].path).toBe('reason');
    const past = await propose(c.id, {
      instalments: [{ dueOn: addDays(businessToday(server), -1), amountFen: c.outstanding }],
    });
    expect(past.status).toBe(400);
    expect(past.body.errors?.[0].path).toBe('instalments.0.dueOn');
    expect(await plansOf(c.id)).toEqual([]);
  });

  it('sends a reduced plan to case operations, who approve it on the version they read', async () => {
    const c = await planlessCase();
    const created = await propose(c.id, {
      instalments: instalments(Math.ceil(c.outstanding * 0.75), 2, 10),
      reason: '债务人失业，申请减免部分罚息',
    });
    expect(created.body.data).toMatchObject({ status: 'pendingApproval', version: 1 });
    const id = created.body.data.id;
    const ops = await server.sessionFor('caseOperation');
    const queue = await server.call<Paged<{ id: number; version: number }>>(
      'GET',
      '/api/plans?pageSize=100',
      {
        token: ops,
      },
    );
    expect(queue.body.data.list.find((p) => p.id === id)).toMatchObject({ version: 1 });
    const lawyerReview = await server.call('PUT', `/api/plans/${id}/review`, {
      token: await server.sessionFor('lawyer'),
      body: { status: 'passed', version: 1 },
    });
    expect(lawyerReview.status).toBe(403);
    const noVersion = await server.call('PUT', `/api/plans/${id}/review`, {
      token: ops,
      body: { status: 'passed' },
    });
    expect(noVersion.status).toBe(400);
    const stale = await server.call('PUT', `/api/plans/${id}/review`, {
      token: ops,
      body: { status: 'passed', version: 2 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ version: 1 });
    const passed = await server.call('PUT', `/api/plans/${id}/review`, {
      token: ops,
      body: { status: 'passed', version: 1 },
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.data).toMatchObject({ status: 'active', version: 2 });
    const again = await server.call('PUT', `/api/plans/${id}/review`, {
      token: ops,
      body: { status: 'rejected', reason: '晚了', version: 1 },
    });
    expect(again.status).toBe(409);
    expect((await plansOf(c.id))[0]).toMatchObject({
      status: 'active',
      reviewedBy: { name: expect.any(String) },
    });
  });

  it('marks instalments overdue after the grace days, tells the lawyer, and breaks the plan at two overdue', async () => {
    const c = await planlessCase();
    const plan = instalments(c.outstanding, 3, 0);
    const created = await propose(c.id, { instalments: plan });
    await repay(c.id, 100);
    server.clock.advance(3 * DAY);
    expect((await sweepPlans(server.app, server.clock.now())).overdue).toBe(0);
    server.clock.advance(DAY);
    const first = await sweepPlans(server.app, server.clock.now());
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    expect((await plansOf(c.id))[0].instalments.map((i) => i.status)).toEqual(['overdue', 'due', 'due']);
    expect((await sweepPlans(server.app, server.clock.now())).overdue).toBe(0);
    const told = await server.app.db
      .selectFrom('messages')
      .select('user_id')
      .where('kind', '=', 'plan.instalmentOverdue')
      .where('link', '=', `/case/processing/${c.id}`)
      .execute();
    expect(told.length).toBeGreaterThanOrEqual(2);

    server.clock.advance(30 * DAY);
    await sweepPlans(server.app, server.clock.now());
    const [broken] = await plansOf(c.id);
    expect(broken.status).toBe('broken');
    expect(await auditRows(server, 'plan.broken', created.body.data.id)).toHaveLength(1);
    const listed = await server.call<Paged<CaseRow>>(
      'GET',
      `/api/cases?planStatus=broken&caseNo=${c.caseNo}`,
      {
        token: await server.sessionFor('lawyer'),
      },
    );
    expect(listed.body.data.list.map((r) => r.planStatus)).toEqual(['broken']);
  });

  it('waives the rest of a reduced plan paid in full and closes the case as mediated, as the system', async () => {
    const c = await planlessCase();
    const total = Math.ceil(c.outstanding * 0.8);
    const created = await propose(c.id, {
      instalments: instalments(total, 2, 3),
      reason: '一次性结清部分减免',
    });
    const ops = await server.sessionFor('caseOperation');
    await server.call('PUT', `/api/plans/${created.body.data.id}/review`, {
      token: ops,
      body: { status: 'passed', version: 1 },
    });
    await repay(c.id, total - 1);
    expect((await plansOf(c.id))[0].status).toBe('active');
    await repay(c.id, 1);
    const [plan] = await plansOf(c.id);
    expect(plan.status).toBe('completed');
    const ledger = await server.call<{ waived: { totalFen: number }; outstanding: { totalFen: number } }>(
      'GET',
      `/api/cases/${c.id}/ledger`,
      { token: ops },
    );
    expect(ledger.body.data.waived.totalFen).toBe(c.outstanding - total);
    expect(ledger.body.data.outstanding.totalFen).toBe(0);
    const detail = await server.call<CaseDetail>('GET', `/api/cases/${c.id}`, { token: ops });
    expect(detail.body.data).toMatchObject({
      status: 'closed',
      closeResult: 'mediated',
      planStatus: 'completed',
    });
    const closing = await server.app.db
      .selectFrom('audit_log')
      .select('actor_role')
      .where('action', '=', 'case.close')
      .where('entity_id', '=', String(c.id))
      .execute();
    expect(closing.map((r) => r.actor_role)).toEqual(['system']);
  });
});

describe("the creditor's largest reduction", () => {
  it('bounds a reduced plan instead of REDUCTION_MAX_PERCENT when the creditor sets one', async () => {
    const c = await planlessCase();
    const { creditor_id } = await server.app.db
      .selectFrom('cases')
      .select('creditor_id')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('creditors')
      .set({ reduction_max_percent: 10 })
      .where('id', '=', Number(creditor_id))
      .execute();
    try {
      // 20 % off: within the product's 30 %, beyond the creditor's 10 %.
      const beyond = await propose(c.id, {
        instalments: instalments(Math.floor(c.outstanding * 0.8), 2),
        reason: '困难',
      });
      expect(beyond.status).toBe(400);
      expect(beyond.body.errors?.[0]).toMatchObject({ path: 'instalments' });
      expect(beyond.body.msg).toContain('10%');
      const within = await propose(c.id, {
        instalments: instalments(Math.ceil(c.outstanding * 0.95), 2),
        reason: '困难',
      });
      expect(within.status, JSON.stringify(within.body)).toBe(200);
    } finally {
      await server.app.db
        .updateTable('creditors')
        .set({ reduction_max_percent: null })
        .where('id', '=', Number(creditor_id))
        .execute();
    }
  });
});
