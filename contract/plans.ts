import { z } from 'zod';
import { caseDetailSchema } from './case-api';
import { INSTALMENT_STATUSES, OPEN_PLAN_STATUSES, PLAN_STATUSES } from './enum-values';
import { MAX_REPAYMENT_FEN } from './ledger';
import { daySchema, pageQuerySchema } from './paging';
import { versionedReviewDecisionSchema } from './reviews';
import { textField } from './text';

/**
 * Repayment plans (分期还款, issue 19, ARCHITECTURE §8 "Plans"): instalments that repayments fill
 * in order. A plan whose total equals what is outstanding is active at once; a lower total
 * (减免) waits for case operations' approval. The statuses of a plan's instalments are derived
 * here, by one pure function, from what has been repaid since the plan became active and the
 * business day: the server's answers, its daily sweep and the screens all read them from it.
 */
export { INSTALMENT_STATUSES, OPEN_PLAN_STATUSES, PLAN_STATUSES };
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const planStatusSchema = z.enum(PLAN_STATUSES);

export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** Days after its due day an instalment may still be paid before it is overdue (PLAN_GRACE_DAYS). */
export const DEFAULT_PLAN_GRACE_DAYS = 3;
/** How much below the outstanding amount a plan may go, in percent (REDUCTION_MAX_PERCENT). */
export const DEFAULT_REDUCTION_MAX_PERCENT = 30;
/** Instalments in one plan at most (five years of monthly instalments). */
export const MAX_INSTALMENTS = 60;
/** Overdue instalments at once that break a plan (违约). */
export const OVERDUE_TO_BREAK = 2;

export const instalmentInputSchema = z.object({
  dueOn: daySchema,
  amountFen: z.number().int().positive().max(MAX_REPAYMENT_FEN, 'rule.repaymentTooLarge'),
});

/** POST /api/cases/:id/plans. Due days strictly ascending; the server checks "from today on". */
export const planRequestSchema = z
  .object({
    instalments: z
      .array(instalmentInputSchema)
      .min(1, 'plan.instalmentsRequired')
      .max(MAX_INSTALMENTS, 'plan.tooManyInstalments'),
    reason: textField({ max: 200, multiline: true }).optional(),
  })
  .superRefine((plan, ctx) => {
    plan.instalments.forEach((row, i) => {
      const before = plan.instalments[i - 1];
      if (before && row.dueOn <= before.dueOn)
        ctx.addIssue({ code: 'custom', message: 'plan.dueOnAscending', path: ['instalments', i, 'dueOn'] });
    });
  });
export type PlanRequest = z.infer<typeof planRequestSchema>;

export const planCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'pendingApproval']),
  version: z.number().int(),
});

export const instalmentSchema = z.object({
  seq: z.number().int(),
  dueOn: z.string(),
  amountFen: z.number().int(),
  paidFen: z.number().int(),
  status: z.enum(INSTALMENT_STATUSES),
});
export type Instalment = z.infer<typeof instalmentSchema>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const planSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  status: planStatusSchema,
  totalFen: z.number().int(),
  /** What was outstanding when it was proposed; total below it is the reduction (减免). */
  outstandingFen: z.number().int(),
  /** Repaid into the plan since it became active. */
  paidFen: z.number().int(),
  reason: z.string().nullable(),
  version: z.number().int(),
  proposedBy: person,
  reviewedBy: person,
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  instalments: z.array(instalmentSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ list: z.array(planSchema) });

/** GET /api/cases/:id: the case's record with its latest plan (null without one), for 案件处理's 分期还款. */
export const caseDetailWithPlanSchema = caseDetailSchema.extend({
  plan: planSchema.nullable(),
  /** The latest plan's id, for the agreement's download (`/plans/:planId/pdf`). */
  planId: z.number().int().nullable(),
});

/** PUT /api/plans/:id/review: the one review shape (contract/reviews.ts), version required. */
export const planReviewRequestSchema = versionedReviewDecisionSchema;

export const reviewedPlanSchema = z.object({
  id: z.number().int(),
  status: z.enum(['active', 'rejected']),
  version: z.number().int(),
});

/** GET /api/plans: the plans waiting for approval (分期审核), for `plans.review`. */
export const planQueueQuerySchema = pageQuerySchema.extend({
  status: planStatusSchema.optional(),
  caseNo: textField({ min: 1, max: 40 }).optional(),
});

export const planQueueRowSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  caseNo: z.string(),
  debtorName: z.string(),
  lawyerName: z.string().nullable(),
  status: planStatusSchema,
  totalFen: z.number().int(),
  outstandingFen: z.number().int(),
  reductionFen: z.number().int(),
  instalmentCount: z.number().int(),
  reason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * Fills the instalments in order with what was repaid since the plan became active, and says
 * where each stands on `today` (a business day, YYYY-MM-DD):
 * - paid (已还): filled to its amount;
 * - overdue (逾期): not filled, and `graceDays` have passed after its day (on its day + grace + 1),
 *   partly paid or not;
 * - partial (部分还款): partly filled, still within its grace;
 * - due (未到期): nothing yet, still within its grace.
 */
export function fillInstalments(
  instalments: ReadonlyArray<{ dueOn: string; amountFen: number }>,
  repaidFen: number,
  today: string,
  graceDays: number = DEFAULT_PLAN_GRACE_DAYS,
): Instalment[] {
  let left = Math.max(0, repaidFen);
  return instalments.map((row, i) => {
    const paidFen = Math.min(row.amountFen, left);
    left -= paidFen;
    const status: InstalmentStatus =
      paidFen >= row.amountFen
        ? 'paid'
        : today > addDays(row.dueOn, graceDays)
          ? 'overdue'
          : paidFen > 0
            ? 'partial'
            : 'due';
    return { seq: i + 1, dueOn: row.dueOn, amountFen: row.amountFen, paidFen, status };
  });
}

/**
 * Where a plan stands given its instalments' statuses. A plan waiting for approval or rejected
 * stays so; a running one is completed when every instalment is paid, broken (违约) once
 * OVERDUE_TO_BREAK instalments are overdue at once, and stays broken after that until it is
 * paid (the breach is a fact of its record); else active.
 */
export function planStatusOf(
  stored: PlanStatus,
  instalments: ReadonlyArray<Pick<Instalment, 'status'>>,
): PlanStatus {
  if (stored === 'pendingApproval' || stored === 'rejected') return stored;
  if (instalments.every((i) => i.status === 'paid')) return 'completed';
  if (stored === 'broken') return 'broken';
  const overdue = instalments.filter((i) => i.status === 'overdue').length;
  return overdue >= OVERDUE_TO_BREAK ? 'broken' : 'active';
}

/** The lowest total a plan may have: the outstanding amount less the reduction allowed, in whole fen up. */
export function lowestPlanTotal(outstandingFen: number, reductionMaxPercent: number): number {
  return Math.ceil((outstandingFen * (100 - reductionMaxPercent)) / 100);
}
