import type { Generated } from 'kysely';

/** The tables of repayment plans (migration 0027; server/cases/plans/). */

export interface RepaymentPlansTable {
  id: Generated<number>;
  case_id: number;
  /** pendingApproval, active, broken, completed, rejected (contract/plans.ts). */
  status: string;
  total_fen: number;
  /** What was outstanding when it was proposed. */
  outstanding_fen: number;
  /** What the case had repaid when the plan became active; null before. */
  repaid_base_fen: number | null;
  /** Why the total is lower than what is outstanding (减免). */
  reason: string | null;
  version: Generated<number>;
  proposed_by: number | null;
  reviewer_id: number | null;
  reviewed_at: string | null;
  review_reason: string | null;
  /** JSON of what its agreement prints (`AgreementFields`, server/cases/plans/agreement.ts). */
  fields: string;
  /** Its agreement's PDF in server/storage, once rendered. */
  pdf_key: string | null;
  created_at: string;
  activated_at: string | null;
  /** When it was completed or rejected. */
  ended_at: string | null;
}

export interface PlanInstalmentsTable {
  id: Generated<number>;
  plan_id: number;
  /** 1, 2, ... in due order. */
  seq: number;
  due_on: string;
  amount_fen: number;
  paid_fen: Generated<number>;
  /** due, paid, partial, overdue: as last stored by a repayment or the daily sweep. */
  status: string;
}

export interface PlanTables {
  repayment_plans: RepaymentPlansTable;
  plan_instalments: PlanInstalmentsTable;
}
