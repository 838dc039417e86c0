import { formatDate } from '../../../contract/dates';
import { fillInstalments, OVERDUE_TO_BREAK, type PlanStatus, planStatusOf } from '../../../contract/plans';
import { SYSTEM_ROLE } from '../../../machines/caseGuards';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { nextTurn } from '../../db/next-turn';
import { serializeOn } from '../../db/serialize';
import { afterCommit, transact } from '../../notifications/bus';
import { firmContacts, lawyerUser, notify } from '../../notifications/notify';
import { forgetCaseCounts } from '../count-cache';
import { caseMoney, yuanText } from './money';
import { paidIntoPlan } from './store';

/**
 * The daily sweep of running plans (active or broken), each in a transaction of its own with
 * its case held: an instalment not fully paid PLAN_GRACE_DAYS after its day is marked overdue,
 * and the handling lawyer and the firm's contact persons are told (`plan.instalmentOverdue`);
 * OVERDUE_TO_BREAK overdue at once mark the plan broken (违约, `plan.broken`, audited as the
 * system) and the case's `plan_status`, which the lists show and filter. Each mark is an update
 * that names the status it replaces, so two processes sweeping at once tell each thing once.
 * Answers how many instalments and plans it marked.
 */
export async function sweepPlans(app: AppContext, now: Date): Promise<{ overdue: number; broken: number }> {
  const today = formatDate(now);
  const plans = await app.db
    .selectFrom('repayment_plans')
    .select('id')
    .where('status', 'in', ['active', 'broken'])
    .orderBy('id')
    .execute();
  let overdue = 0;
  let broken = 0;
  for (const { id } of plans) {
    const marked = await transact(app.db, async (trx) => {
      const plan = await trx
        .selectFrom('repayment_plans as p')
        .innerJoin('cases as c', 'c.id', 'p.case_id')
        .select([
          'p.id',
          'p.case_id',
          'p.status',
          'p.repaid_base_fen',
          'c.case_no',
          'c.lawyer_id',
          'c.law_firm_id',
        ])
        .where('p.id', '=', id)
        .executeTakeFirstOrThrow();
      await serializeOn(trx, `case:${plan.case_id}`);
      const rows = await trx
        .selectFrom('plan_instalments')
        .select(['id', 'seq', 'due_on', 'amount_fen', 'status'])
        .where('plan_id', '=', id)
        .orderBy('seq')
        .execute();
      const money = await caseMoney(trx, plan.case_id);
      const filled = fillInstalments(
        rows.map((r) => ({ dueOn: r.due_on, amountFen: Number(r.amount_fen) })),
        paidIntoPlan(plan, money.repaidFen),
        today,
        app.config.planGraceDays,
      );
      const told = [
        ...(plan.lawyer_id === null ? [] : await lawyerUser(trx, plan.lawyer_id)),
        ...(plan.law_firm_id === null ? [] : await firmContacts(trx, plan.law_firm_id)),
      ];
      const link = `/case/processing/${plan.case_id}`;
      let newlyOverdue = 0;
      for (const [i, row] of rows.entries()) {
        if (filled[i].status !== 'overdue' || row.status === 'overdue') continue;
        const marked = await trx
          .updateTable('plan_instalments')
          .set({ status: 'overdue', paid_fen: filled[i].paidFen })
          .where('id', '=', row.id)
          .where('status', '!=', 'overdue')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) continue;
        newlyOverdue += 1;
        await notify(
          trx,
          told,
          {
            kind: 'plan.instalmentOverdue',
            params: {
              caseNo: plan.case_no,
              seq: row.seq,
              dueOn: row.due_on,
              amount: yuanText(Number(row.amount_fen)),
              unpaid: yuanText(Number(row.amount_fen) - filled[i].paidFen),
            },
            link,
            type: 'notice',
          },
          now,
        );
      }
      const next = planStatusOf(plan.status as PlanStatus, filled);
      if (next !== 'broken' || plan.status === 'broken') return { overdue: newlyOverdue, broken: 0 };
      const breaking = await trx
        .updateTable('repayment_plans')
        .set({ status: 'broken' })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(breaking.numUpdatedRows) !== 1) return { overdue: newlyOverdue, broken: 0 };
      const count = filled.filter((f) => f.status === 'overdue').length;
      await trx.updateTable('cases').set({ plan_status: 'broken' }).where('id', '=', plan.case_id).execute();
      await recordAudit(
        trx,
        { caller: null, requestId: null, at: now, actorRole: SYSTEM_ROLE },
        {
          action: 'plan.broken',
          entity: 'plan',
          entityId: id,
          summary: `plan ${id} of case ${plan.case_no} broken: ${count} instalments overdue`,
          params: { caseNo: plan.case_no, count },
        },
      );
      await notify(
        trx,
        told,
        {
          kind: 'plan.broken',
          params: { caseNo: plan.case_no, overdue: Math.max(count, OVERDUE_TO_BREAK) },
          link,
          type: 'notice',
        },
        now,
      );
      afterCommit(trx, () => forgetCaseCounts(app.db, { columns: ['plan_status'] }));
      return { overdue: newlyOverdue, broken: 1 };
    });
    overdue += marked.overdue;
    broken += marked.broken;
    await nextTurn(app);
  }
  return { overdue, broken };
}
