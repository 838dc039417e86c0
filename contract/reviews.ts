import { z } from 'zod';
import { REVIEW_STATUSES, STANDINGS } from './enum-values';
import { textField } from './text';

export { REVIEW_STATUSES, STANDINGS };

export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** A firm's or lawyer's standing: its review status, or `suspended` (contract/enum-values.ts). */
export const standingSchema = z.enum(STANDINGS);
export type Standing = z.infer<typeof standingSchema>;

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

/**
 * Review decisions name the version the reviewer read (ARCHITECTURE §8): without it 400 at
 * `version`, on an older one 409 with `data: StaleData`.
 */
export const versionedReviewDecisionSchema = z
  .object({
    status: z.enum(['passed', 'rejected']),
    reason: textField({ max: 200, multiline: true }).optional(),
    version: z.number({ error: 'review.versionRequired' }).int().positive(),
  })
  .refine((d) => d.status === 'passed' || (d.reason ?? '').length > 0, {
    message: 'review.reasonRequired',
    path: ['reason'],
  });
export type VersionedReviewDecision = z.infer<typeof versionedReviewDecisionSchema>;

/** What a 409 on a stale decision carries: the stored version, who saved it and when. */
export const staleDataSchema = z.object({
  version: z.number().int(),
  savedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  savedAt: z.string().nullable(),
});
export type StaleData = z.infer<typeof staleDataSchema>;

/** PUT /lawfirms/:id/suspension, /lawyers/:id/suspension: suspend (with a reason) or lift it, on the version read. */
export const suspensionRequestSchema = z
  .object({
    suspended: z.boolean(),
    reason: textField({ max: 200, multiline: true }).optional(),
    version: z.number({ error: 'review.versionRequired' }).int().positive(),
  })
  .refine((d) => !d.suspended || (d.reason ?? '').length > 0, {
    message: 'review.suspendReasonRequired',
    path: ['reason'],
  });
export type SuspensionRequest = z.infer<typeof suspensionRequestSchema>;

export const reviewedResultSchema = reviewResultSchema.extend({
  version: z.number().int(),
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
});
