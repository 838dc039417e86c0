import type { Kysely } from 'kysely';
import { formatDate } from '../../../contract/dates';
import {
  fillInstalments,
  type Instalment,
  type Plan,
  type PlanStatus,
  planStatusOf,
} from '../../../contract/plans';
import type { Database } from '../../db/schema';
import type { RepaymentPlansTable } from '../../db/schema-plans';
import { caseMoney } from './money';

type PlanRow = Omit<RepaymentPlansTable, 'id' | 'version'> & { id: number; version: number };

/** The plans of a case with everything their answer shows, newest first. */
export function plansWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('repayment_plans as p')
    .leftJoin('users as proposer', 'proposer.id', 'p.proposed_by')
    .leftJoin('users as reviewer', 'reviewer.id', 'p.reviewer_id')
    .selectAll('p')
    .select(['proposer.name as proposer_name', 'reviewer.name as reviewer_name']);
}

export async function instalmentsOf(db: Kysely<Database>, planIds: number[]) {
  if (planIds.length === 0)
    return new Map<number, Array<{ dueOn: string; amountFen: number; status: string }>>();
  const rows = await db
    .selectFrom('plan_instalments')
    .select(['plan_id', 'due_on', 'amount_fen', 'status'])
    .where('plan_id', 'in', planIds)
    .orderBy('plan_id')
    .orderBy('seq')
    .execute();
  const byPlan = new Map<number, Array<{ dueOn: string; amountFen: number; status: string }>>();
  for (const r of rows) {
    const list = byPlan.get(r.plan_id) ?? [];
    list.push({ dueOn: r.due_on, amountFen: Number(r.amount_fen), status: r.status });
    byPlan.set(r.plan_id, list);
  }
  return byPlan;
}

/** What a running plan has received: the case's repayments since it was proposed. */
export const paidIntoPlan = (plan: Pick<PlanRow, 'repaid_base_fen' | 'status'>, repaidFen: number) =>
  plan.status === 'pendingApproval' || plan.status === 'rejected' || plan.repaid_base_fen === null
    ? 0
    : Math.max(0, repaidFen - Number(plan.repaid_base_fen));

/**
 * Where a plan and its instalments stand now: filled from what the case repaid since the plan
 * was proposed, on today's business day (contract/plans.ts `fillInstalments`, `planStatusOf`).
 * A plan not running (waiting, rejected) shows its instalments unpaid and due.
 */
export function planNow(
  plan: Pick<PlanRow, 'status' | 'repaid_base_fen'>,
  instalments: ReadonlyArray<{ dueOn: string; amountFen: number }>,
  repaidFen: number,
  today: string,
  graceDays: number,
): { status: PlanStatus; paidFen: number; instalments: Instalment[] } {
  const stored = plan.status as PlanStatus;
  const paidFen = paidIntoPlan(plan, repaidFen);
  const running = stored !== 'pendingApproval' && stored !== 'rejected';
  const filled = running
    ? fillInstalments(instalments, paidFen, today, graceDays)
    : instalments.map((i, n) => ({ seq: n + 1, ...i, paidFen: 0, status: 'due' as const }));
  return { status: planStatusOf(stored, filled), paidFen, instalments: filled };
}

/** A case's plans as GET /cases/:id/plans answers them, newest first. */
export async function readPlans(
  db: Kysely<Database>,
  caseId: number,
  now: Date,
  graceDays: number,
): Promise<Plan[]> {
  const rows = await plansWithNames(db)
    .where('p.case_id', '=', caseId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const [byPlan, money] = await Promise.all([
    instalmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    caseMoney(db, caseId),
  ]);
  const today = formatDate(now);
  return rows.map((row) => {
    const state = planNow(row, byPlan.get(row.id) ?? [], money.repaidFen, today, graceDays);
    return {
      id: row.id,
      caseId: row.case_id,
      status: state.status,
      totalFen: Number(row.total_fen),
      outstandingFen: Number(row.outstanding_fen),
      paidFen: state.paidFen,
      reason: row.reason,
      version: Number(row.version),
      proposedBy: row.proposed_by === null ? null : { id: row.proposed_by, name: row.proposer_name ?? '' },
      reviewedBy: row.reviewer_id === null ? null : { id: row.reviewer_id, name: row.reviewer_name ?? '' },
      reviewedAt: row.reviewed_at,
      reviewReason: row.review_reason,
      createdAt: row.created_at,
      activatedAt: row.activated_at,
      instalments: state.instalments,
    };
  });
}
