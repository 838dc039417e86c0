import { z } from 'zod';

/**
 * One shape for every answer about many cases (bulk transitions, routing, a bulk job's
 * results): each case done or refused, and why, with the counts. `reason` is the refusal in
 * the caller's language; `code` and `params` are its message key and parameters, so a screen
 * in another language says it in its own. A routing answer extends each entry (`lawFirmId`).
 */
export const caseOutcomeSchema = z.object({
  caseId: z.number().int(),
  /** The case's number when the caller may see the case; absent for one that is not there. */
  caseNo: z.string().optional(),
  ok: z.boolean(),
  reason: z.string().optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CaseOutcome = z.infer<typeof caseOutcomeSchema>;

export const caseOutcomeListSchema = z.object({
  list: z.array(caseOutcomeSchema),
  succeeded: z.number().int(),
  refused: z.number().int(),
});
export type CaseOutcomeList = z.infer<typeof caseOutcomeListSchema>;
