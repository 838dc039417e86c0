import { z } from 'zod';
import { REVIEW_STATUSES } from './enum-values';
import { textField } from './text';

export { REVIEW_STATUSES };

export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** A review decision; a rejection must say why (the applicant sees the reason at login). */
export const reviewDecisionSchema = z
  .object({
    status: z.enum(['passed', 'rejected']),
    reason: textField({ max: 200, multiline: true }).optional(),
  })
  .refine((d) => d.status === 'passed' || (d.reason ?? '').length > 0, {
    message: 'review.reasonRequired',
    path: ['reason'],
  });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const reviewResultSchema = z.object({
  id: z.number().int(),
  reviewStatus: reviewStatusSchema,
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
