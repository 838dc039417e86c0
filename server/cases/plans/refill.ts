import type { Kysely } from 'kysely';
import { formatDate } from '../../../contract/dates';
import {
  fillInstalments,
  type InstalmentStatus,
  type PlanStatus,
  planStatusOf,
} from '../../../contract/plans';
import { SYSTEM_ROLE } from '../../../machines/caseGuards';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { afterCommit } from '../../notifications/bus';
import { forgetCaseCounts } from '../count-cache';
import { caseMoney } from './money';
import { settleReducedPlan } from './settle';
import { paidIntoPlan } from './store';

/** The plan of a case that repayments fill: its latest, when running (or completed, for a reversal). */
export async function fillablePlan(trx: Kysely<Database>, caseId: number) {
  return trx
    .selectFrom('repayment_plans')
    .select(['id', 'status', 'total_fen', 'outstanding_fen', 'repaid_base_fen'])
    .where('case_id', '=', caseId)
    .where('status', 'in', ['active', 'broken', 'completed'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * After every repayment and reversal, in its transaction: the case's running plan is filled
 * again from what was repaid since it was proposed. Marking an instalment overdue is the daily
 * sweep's (sweep.ts), which tells the lawyer: here an instalment becomes paid, partial or due,
 * and stays overdue only while it was marked so and is still not paid. A plan paid in full is
 * completed; a reduced one then settles (settle.ts: the rest waived, the case closed as
 * mediated by the system). A reversal may turn a completed plan back to active.
 */
export async function refillPlan(
  trx: Kysely<Database>,
  app: AppContext,
  change: { caseId: number; requestId: string | null },
): Promise<void> {
  const plan = await fillablePlan(trx, change.caseId);
  if (!plan) return;
  const now = app.clock.now();
  const money = await caseMoney(trx, change.caseId);
  const rows = await trx
    .selectFrom('plan_instalments')
    .select(['id', 'due_on', 'amount_fen', 'paid_fen', 'status'])
    .where('plan_id', '=', plan.id)
    .orderBy('seq')
    .execute();
  const filled = fillInstalments(
    rows.map((r) => ({ dueOn: r.due_on, amountFen: Number(r.amount_fen) })),
    paidIntoPlan(plan, money.repaidFen),
    formatDate(now),
    app.config.planGraceDays,
  );
  const kept = filled.map((f, i): InstalmentStatus => {
    if (f.status !== 'overdue' || rows[i].status === 'overdue') return f.status;
    return f.paidFen > 0 ? 'partial' : 'due';
  });
  for (const [i, row] of rows.entries()) {
    if (Number(row.paid_fen) === filled[i].paidFen && row.status === kept[i]) continue;
    await trx
      .updateTable('plan_instalments')
      .set({ paid_fen: filled[i].paidFen, status: kept[i] })
      .where('id', '=', row.id)
      .execute();
  }
  const stored = plan.status as PlanStatus;
  const next = planStatusOf(
    stored,
    kept.map((status) => ({ status })),
  );
  if (next === stored) return;
  await trx
    .updateTable('repayment_plans')
    .set({ status: next, ended_at: next === 'completed' ? now.toISOString() : null })
    .where('id', '=', plan.id)
    .execute();
  await trx.updateTable('cases').set({ plan_status: next }).where('id', '=', change.caseId).execute();
  afterCommit(trx, () => forgetCaseCounts(app.db, { columns: ['plan_status'] }));
  if (next !== 'completed') return;
  const caseNo = await trx
    .selectFrom('cases')
    .select('case_no')
    .where('id', '=', change.caseId)
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    { caller: null, requestId: change.requestId, at: now, actorRole: SYSTEM_ROLE },
    {
      action: 'plan.completed',
      entity: 'plan',
      entityId: plan.id,
      summary: `plan ${plan.id} of case ${caseNo.case_no} paid`,
      params: { caseNo: caseNo.case_no, amountFen: Number(plan.total_fen) },
    },
  );
  if (money.outstandingFen > 0)
    await settleReducedPlan(trx, app, {
      caseId: change.caseId,
      waivedFen: money.outstandingFen,
      requestId: change.requestId,
    });
}
