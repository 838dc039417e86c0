import { formatDate } from '../../../contract/dates';
import { lowestPlanTotal, OPEN_PLAN_STATUSES, type PlanRequest } from '../../../contract/plans';
import { canPlan, isOpenPlan, mayDo } from '../../../machines/caseRules';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialect-of';
import { serializeOn } from '../../db/serialize';
import { fail } from '../../http/errors';
import { afterCommit, transact } from '../../notifications/bus';
import { notify, usersHolding } from '../../notifications/notify';
import { forgetCaseCounts } from '../count-cache';
import { actorOf } from '../scope';
import type { Who } from '../transitions';
import { visibleCase } from '../visible-case';
import { agreementFields } from './agreement-fields';
import { caseMoney, yuanText } from './money';

/**
 * POST /cases/:id/plans: the handling lawyer proposes instalments (due days from today on,
 * ascending; contract/plans.ts) on a case in processing. Decided with the case held (its
 * repayments cannot move meanwhile):
 * - total above what is outstanding: 400 at `instalments`;
 * - total equal: active at once;
 * - total lower (减免): a reason (400 at `reason`), never below the reduction allowed
 *   (the creditor's largest reduction, else REDUCTION_MAX_PERCENT; 400 at `instalments`), and it
 *   waits for case operations' approval.
 * One open plan (waiting, active or broken) per case: 409 while one is.
 */
export async function proposePlan(app: AppContext, who: Who, caseId: number, body: PlanRequest) {
  const seen = await visibleCase(app.db, who.viewer, caseId);
  if (!canPlan(seen)) throw fail.conflict('plan.notProcessing');
  // The row's `can.proposePlan` is false while a plan is open: said as the conflict it is (and
  // checked again below with the case held); what is left of the rule is who proposes.
  if (isOpenPlan(seen.planStatus)) throw fail.conflict('plan.openPlanExists');
  if (!mayDo('proposePlan', seen, actorOf(who.viewer))) throw fail.forbidden('plan.notHandlingLawyer');
  const now = app.clock.now();
  const today = formatDate(now);
  body.instalments.forEach((row, i) => {
    if (row.dueOn < today) throw fail.field(`instalments.${i}.dueOn`, 'plan.dueOnPast');
  });
  const totalFen = body.instalments.reduce((sum, row) => sum + row.amountFen, 0);
  const reason = body.reason?.trim() || null;

  const created = await transact(app.db, async (trx) => {
    await serializeOn(trx, `case:${caseId}`);
    let held = trx.selectFrom('cases').select(['id', 'status', 'position']).where('id', '=', caseId);
    if (dialectOf(trx) === 'postgres') held = held.forUpdate();
    const current = await held.executeTakeFirstOrThrow();
    if (!canPlan({ status: current.status as never, position: current.position as never }))
      throw fail.conflict('plan.notProcessing');
    const open = await trx
      .selectFrom('repayment_plans')
      .select('id')
      .where('case_id', '=', caseId)
      .where('status', 'in', [...OPEN_PLAN_STATUSES])
      .executeTakeFirst();
    if (open) throw fail.conflict('plan.openPlanExists');
    const { repaidFen, outstandingFen } = await caseMoney(trx, caseId);
    if (outstandingFen === 0) throw fail.conflict('plan.nothingOutstanding');
    if (totalFen > outstandingFen)
      throw fail.field('instalments', 'plan.overOutstanding', { outstanding: yuanText(outstandingFen) });
    const reduced = totalFen < outstandingFen;
    if (reduced) {
      // The case's creditor may allow a reduction of its own (委托方管理), else the product's.
      const creditor = await trx
        .selectFrom('cases as c')
        .leftJoin('creditors as r', 'r.id', 'c.creditor_id')
        .select('r.reduction_max_percent')
        .where('c.id', '=', caseId)
        .executeTakeFirst();
      const percent = creditor?.reduction_max_percent ?? app.config.reductionMaxPercent;
      const lowest = lowestPlanTotal(outstandingFen, percent);
      if (totalFen < lowest)
        throw fail.field('instalments', 'plan.beyondReduction', { lowest: yuanText(lowest), percent });
      if (!reason) throw fail.field('reason', 'plan.reasonRequired');
    }
    const status = reduced ? 'pendingApproval' : 'active';
    const fields = await agreementFields(
      trx,
      caseId,
      { outstandingFen, totalFen, instalments: body.instalments, reason },
      now,
    );
    const plan = await trx
      .insertInto('repayment_plans')
      .values({
        case_id: caseId,
        status,
        total_fen: totalFen,
        outstanding_fen: outstandingFen,
        // Repayments after the proposal fill the instalments, also while it waits for approval.
        repaid_base_fen: repaidFen,
        reason,
        proposed_by: who.caller.userId,
        fields: JSON.stringify(fields),
        created_at: now.toISOString(),
        activated_at: reduced ? null : now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('plan_instalments')
      .values(
        body.instalments.map((row, i) => ({
          plan_id: plan.id,
          seq: i + 1,
          due_on: row.dueOn,
          amount_fen: row.amountFen,
          status: 'due',
        })),
      )
      .execute();
    await trx.updateTable('cases').set({ plan_status: status }).where('id', '=', caseId).execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'plan.propose',
        entity: 'plan',
        entityId: plan.id,
        summary: `plan for case ${seen.caseNo}: ${body.instalments.length} instalments, ${totalFen} fen (${status})`,
        params: { caseNo: seen.caseNo, count: body.instalments.length, amountFen: totalFen },
      },
    );
    if (reduced) {
      await notify(
        trx,
        await usersHolding(trx, 'plans.review:all'),
        {
          kind: 'plan.submitted',
          params: {
            caseNo: seen.caseNo,
            count: body.instalments.length,
            total: yuanText(totalFen),
            reduction: yuanText(outstandingFen - totalFen),
          },
          link: '/list/plan-review',
        },
        now,
      );
    }
    afterCommit(trx, () => forgetCaseCounts(app.db, { columns: ['plan_status'] }));
    return { id: plan.id, status, version: 1 } as const;
  });
  return created;
}
