import { z } from 'zod';
import { DEADLINE_KINDS } from './enum-values';

export { DEADLINE_KINDS };

/**
 * The deadlines in someone's hands, as the workplaces and the task center list them
 * (server/deadlines/in-hand.ts): a lawyer's court sessions and plan instalments, the pushes a
 * firm has to answer before they lapse, the entrustments operations have to extend or close.
 */
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const deadlineItemSchema = z.object({
  kind: z.enum(DEADLINE_KINDS),
  caseId: z.number().int(),
  caseNo: z.string(),
  title: z.string(),
  /**
   * The moment it falls due: the session; the push's lapse (pushed + PUSH_ANSWER_HOURS); the end
   * of the instalment's day; the start of the entrustment's expiry day (business time zone).
   */
  dueAt: z.string(),
  /** The court of a session; null for other kinds. */
  court: z.string().nullable(),
  /** What the instalment still wants; null for other kinds. */
  amountFen: z.number().nullable(),
  lawFirmName: z.string().nullable(),
  batchId: z.number().int().nullable(),
  batchNo: z.string().nullable(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;
