import { z } from 'zod';
import { regionCodeSchema } from './account-rules';
import { CASE_STAGES, caseStageSchema, caseStatusSchema, caseTypeSchema } from './cases';
import { daySchema } from './paging';

/** Case-node statistics: one row per stage with a count per status. */
export const stageStatsQuerySchema = z.object({
  type: z.optional(caseTypeSchema),
  region: regionCodeSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
});

export const stageRowSchema = z.object({
  stage: caseStageSchema,
  pending: z.number().int(),
  processing: z.number().int(),
  suspended: z.number().int(),
  closed: z.number().int(),
  total: z.number().int(),
});

export const stageStatsSchema = z.object({
  /** One row per stage, in the order of the stages. */
  list: z.array(stageRowSchema).length(CASE_STAGES.length),
  total: z.number().int(),
  /** The same counts as cells, for a stacked chart (x stage, series status). */
  cells: z.array(z.object({ stage: caseStageSchema, status: caseStatusSchema, count: z.number().int() })),
  /** Cases per status over all stages, for a pie. */
  statuses: z.array(z.object({ status: caseStatusSchema, count: z.number().int() })),
  /** Cases per status over all stages, for stat cards. */
  totals: z.object({
    cases: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    suspended: z.number().int(),
    closed: z.number().int(),
  }),
});
