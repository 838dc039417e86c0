import type { z } from 'zod';
import type { Paged } from '../../contract/paging';
import type { planQueueQuerySchema, planQueueRowSchema } from '../../contract/plans';
import type { VersionedReviewDecision } from '../../contract/reviews';
import { isWorked } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import { forgetCaseCounts } from '../cases/count-cache';
import { refillPlan } from '../cases/plans/refill';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { afterCommit, transact } from '../notifications/bus';
import { lawyerUser, notify } from '../notifications/notify';
import { decide, REVIEWABLE } from './decision';

/**
 * PUT /plans/:id/review: case operations pass (the plan becomes active) or reject (with a
 * reason) a reduced plan, on the version they read: the one review decision of the product
 * (server/reviews/decision.ts; no version 400, another 409 `review.changed` with who changed it).
 * Passing needs the case still in a lawyer's hands. The handling lawyer is told either way.
 */
export async function reviewPlan(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  planId: number,
  decision: VersionedReviewDecision,
) {
  const now = app.clock.now();
  return transact(app.db, async (trx) => {
    const plan = await trx
      .selectFrom('repayment_plans as p')
      .innerJoin('cases as c', 'c.id', 'p.case_id')
      .select(['p.case_id', 'p.total_fen', 'c.case_no', 'c.status', 'c.position', 'c.lawyer_id'])
      .where('p.id', '=', planId)
      .executeTakeFirst();
    if (!plan) throw fail.notFound('plan.notFound');
    if (
      decision.status === 'passed' &&
      !isWorked({ status: plan.status as never, position: plan.position as never })
    )
      throw fail.conflict('plan.notProcessing');
    const stored = await decide(trx, REVIEWABLE.plan, planId, decision, {
      userId: who.caller.userId,
      at: now,
    });
    const passed = decision.status === 'passed';
    await trx
      .updateTable('repayment_plans')
      .set(passed ? { activated_at: now.toISOString() } : { ended_at: now.toISOString() })
      .where('id', '=', planId)
      .execute();
    await trx
      .updateTable('cases')
      .set({ plan_status: passed ? 'active' : 'rejected' })
      .where('id', '=', plan.case_id)
      .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: passed ? 'plan.approve' : 'plan.reject',
        entity: 'plan',
        entityId: planId,
        summary: `plan ${planId} of case ${plan.case_no}: ${decision.status}`,
        params: { caseNo: plan.case_no, amountFen: Number(plan.total_fen), reason: stored.reason },
      },
    );
    if (plan.lawyer_id !== null) {
      await notify(
        trx,
        await lawyerUser(trx, plan.lawyer_id),
        {
          kind: passed ? 'plan.approved' : 'plan.rejected',
          params: { caseNo: plan.case_no, reason: stored.reason },
          link: `/case/processing/${plan.case_id}`,
          type: 'notice',
        },
        now,
      );
    }
    // Repayments since the proposal already count: they may have paid it.
    if (passed) await refillPlan(trx, app, { caseId: plan.case_id, requestId: who.requestId });
    afterCommit(trx, () => forgetCaseCounts(app.db, { columns: ['plan_status'] }));
    return { id: planId, status: passed ? 'active' : 'rejected', version: stored.version } as const;
  });
}

/** GET /plans: plans by status (by default those waiting for approval), oldest first, for `plans.review`. */
export async function planQueue(
  app: AppContext,
  query: z.infer<typeof planQueueQuerySchema>,
): Promise<Paged<z.infer<typeof planQueueRowSchema>>> {
  let base = app.db
    .selectFrom('repayment_plans as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .where('p.status', '=', query.status ?? 'pendingApproval');
  if (query.caseNo) base = base.where('c.case_no', '=', query.caseNo.toUpperCase());
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lawyers as l', 'l.id', 'c.lawyer_id')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select((eb) => [
        'p.id',
        'p.case_id',
        'c.case_no',
        'c.debtor_name',
        'u.name as lawyer_name',
        'p.status',
        'p.total_fen',
        'p.outstanding_fen',
        'p.reason',
        'p.version',
        'p.created_at',
        eb
          .selectFrom('plan_instalments as i')
          .whereRef('i.plan_id', '=', 'p.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('instalment_count'),
      ])
      .orderBy('p.created_at')
      .orderBy('p.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      caseId: r.case_id,
      caseNo: r.case_no,
      debtorName: r.debtor_name,
      lawyerName: r.lawyer_name,
      status: r.status as z.infer<typeof planQueueRowSchema>['status'],
      totalFen: Number(r.total_fen),
      outstandingFen: Number(r.outstanding_fen),
      reductionFen: Number(r.outstanding_fen) - Number(r.total_fen),
      instalmentCount: Number(r.instalment_count ?? 0),
      reason: r.reason,
      version: Number(r.version),
      createdAt: r.created_at,
    })),
    total: Number(count.n),
  };
}
