import { z } from 'zod';
import {
  emailSchema,
  INTRODUCTION_MAX,
  personNameSchema,
  phoneSchema,
  regionCodeSchema,
} from './account-rules';
import { LETTER_STATUSES } from './cases';
import { letterExtraEditSchema, letterTemplateSchema } from './letters';
import { daySchema, idValue, pageQuerySchema } from './paging';
import { reviewStatusSchema, standingSchema } from './reviews';
import { textField } from './text';

/**
 * Requests and answers of the law-firm, lawyer and letter endpoints (server/lawfirms/,
 * server/lawyers/, server/letters/). Query names follow the page descriptors' conventions, like
 * the case list's (contract/case-api.ts): a `dateRange` named `created` arrives as `createdFrom`
 * and `createdTo`, a multiple select as repeated keys, the sorter as `sortField` (a column
 * field) and `sortOrder` (ascend | descend).
 */

const idSchema = idValue;
const text = (max: number) => textField({ min: 1, max }).optional();

/** `reviewStatus=auditing&reviewStatus=rejected` or `reviewStatus=auditing,rejected`. */
export function repeated<T extends z.ZodType<string, string>>(item: T, max: number) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : v),
    z
      .array(z.string())
      .transform((items) => items.flatMap((s) => s.split(',')).filter(Boolean))
      .pipe(z.array(item).max(max)),
  );
}

const sortOrderSchema = z
  .enum(['ascend', 'descend', 'asc', 'desc'])
  .default('descend')
  .transform((o) => (o.startsWith('asc') ? ('asc' as const) : ('desc' as const)));

/** An optional text a form may clear: blank and null both clear it; absent leaves it alone. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

// Law firms ------------------------------------------------------------------------------------

export const LAW_FIRM_SORT_FIELDS = ['createdAt', 'reviewedAt'] as const;

export const lawFirmListQuerySchema = pageQuerySchema.extend({
  /** Name, credit code, contact name or contact phone contains it. */
  keyword: text(60),
  /** By standing: `passed` leaves out the suspended, `suspended` picks them (contract/enum-values.ts). */
  reviewStatus: repeated(standingSchema, 4).optional(),
  /** A province matches its cities and counties, a city its counties. */
  region: regionCodeSchema.optional(),
  /** Registration (submission) day range. */
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  reviewedFrom: daySchema.optional(),
  reviewedTo: daySchema.optional(),
  sortField: z.enum(LAW_FIRM_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema,
});
export type LawFirmListQuery = z.infer<typeof lawFirmListQuerySchema>;

/** A law firm with its review and its figures (counted by SQL for the firms of the page). */
export const lawFirmRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creditCode: z.string(),
  regionCode: z.string(),
  address: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  reviewStatus: reviewStatusSchema,
  reviewReason: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lawyerCount: z.number().int(),
  auditingLawyerCount: z.number().int(),
  caseCount: z.number().int(),
  /** Review decisions recorded for the firm (passes and rejections, in the audit log). */
  decisionCount: z.number().int(),
  /** 1 when registered, +1 on every change: a review or suspension names the one it read. */
  version: z.number().int(),
  /** When the firm (passed review) was suspended, and why; null when it is not. */
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
  /** passed and suspended reads `suspended`; otherwise the review status (what the list shows). */
  standing: standingSchema,
});
export type LawFirmRow = z.infer<typeof lawFirmRowSchema>;

/** PUT /lawfirms/mine: the fields a firm's contact person keeps up to date (name and credit code are reviewed, not edited). */
export const lawFirmEditRequestSchema = z.object({
  regionCode: regionCodeSchema,
  contactName: personNameSchema,
  contactPhone: phoneSchema,
  address: clearable(textField({ max: 200 })),
});
export type LawFirmEditRequest = z.infer<typeof lawFirmEditRequestSchema>;

// Lawyers --------------------------------------------------------------------------------------

export const LAWYER_SORT_FIELDS = ['createdAt', 'caseCount', 'activeCaseCount'] as const;

export const lawyerListQuerySchema = pageQuerySchema.extend({
  /** Name, licence number or phone contains it. */
  keyword: text(60),
  /** By standing: `passed` leaves out the suspended, `suspended` picks them (contract/enum-values.ts). */
  reviewStatus: repeated(standingSchema, 4).optional(),
  lawFirmId: idSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  sortField: z.enum(LAWYER_SORT_FIELDS).default('createdAt'),
  sortOrder: sortOrderSchema,
});
export type LawyerListQuery = z.infer<typeof lawyerListQuerySchema>;

export const lawyerRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  licenceNo: z.string(),
  enabled: z.boolean(),
  lawFirmId: z.number().int(),
  lawFirmName: z.string(),
  reviewStatus: reviewStatusSchema,
  reviewReason: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Cases handled: all, in progress (processing or suspended), closed. */
  caseCount: z.number().int(),
  activeCaseCount: z.number().int(),
  closedCaseCount: z.number().int(),
  /** 1 when registered, +1 on every change: a review or suspension names the one it read. */
  version: z.number().int(),
  /** When the lawyer (passed review) was suspended, and why; null when not. */
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
  standing: standingSchema,
});
export type LawyerRow = z.infer<typeof lawyerRowSchema>;

/** The calling lawyer's own profile. */
export const lawyerProfileSchema = lawyerRowSchema.extend({
  email: z.string().nullable(),
  introduction: z.string().nullable(),
});
export type LawyerProfile = z.infer<typeof lawyerProfileSchema>;

/** PUT /lawyers/mine: what a lawyer edits about themselves; the licence is reviewed, not edited. */
export const lawyerEditRequestSchema = z.object({
  email: clearable(emailSchema),
  introduction: clearable(
    textField({ max: INTRODUCTION_MAX, multiline: true, maxMessage: 'rule.introductionMax' }),
  ),
});
export type LawyerEditRequest = z.infer<typeof lawyerEditRequestSchema>;

// Letters --------------------------------------------------------------------------------------

export const letterStatusSchema = z.enum(LETTER_STATUSES);
export const LETTER_SORT_FIELDS = ['submittedAt', 'reviewedAt'] as const;

/** The filters of a letter queue (letters under review, letters sent back). */
export const letterQueueQuerySchema = pageQuerySchema.extend({
  /** Letter number or title contains it. */
  keyword: text(60),
  lawFirmId: idSchema.optional(),
  submittedFrom: daySchema.optional(),
  submittedTo: daySchema.optional(),
  sortField: z.enum(LETTER_SORT_FIELDS).default('submittedAt'),
  sortOrder: sortOrderSchema,
});
export type LetterQueueQuery = z.infer<typeof letterQueueQuerySchema>;

/** Every letter in the caller's scope: the queue's filters plus the status. */
export const letterListQuerySchema = letterQueueQuerySchema.extend({
  status: repeated(letterStatusSchema, 3).optional(),
});
export type LetterListQuery = z.infer<typeof letterListQuerySchema>;

export const letterRowSchema = z.object({
  id: z.number().int(),
  letterNo: z.string(),
  title: z.string(),
  fileUrl: z.string().nullable(),
  status: letterStatusSchema,
  lawFirmId: z.number().int(),
  lawFirmName: z.string(),
  caseId: z.number().int().nullable(),
  caseNo: z.string().nullable(),
  submittedAt: z.string(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Why it was sent back (while rejected). */
  reason: z.string().nullable(),
  /** How many times it was sent in again after a rejection. */
  resubmissions: z.number().int(),
  /** The template of a letter written in the product (contract/letters.ts); null for older rows. */
  template: z.nullable(letterTemplateSchema),
  /** Written in the product, so it has a PDF (GET /letters/:id/pdf). */
  written: z.boolean(),
  /** 1 when written, +1 on every change (a decision, a resubmission): what a decision names. */
  version: z.number().int().positive(),
});
export type LetterRow = z.infer<typeof letterRowSchema>;

/**
 * PUT /letters/:id/review: pass, or send back with a reason, the version the reviewer read
 * (an older one is refused, 409 with `data: {version, savedBy, savedAt}`).
 */
export const letterReviewRequestSchema = z
  .object({
    status: z.enum(['passed', 'rejected']),
    reason: textField({ max: 200, multiline: true }).optional(),
    version: z.number().int().positive(),
  })
  .refine((d) => d.status === 'passed' || (d.reason ?? '').length > 0, {
    message: 'review.reasonRequired',
    path: ['reason'],
  });
export type LetterReviewRequest = z.infer<typeof letterReviewRequestSchema>;

/** What a stale letter decision is answered with (409 `data`): the letter as it now is. */
export const letterChangedSchema = z.object({
  version: z.number().int().positive(),
  savedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  savedAt: z.string(),
});
export type LetterChanged = z.infer<typeof letterChangedSchema>;

/** POST /letters/:id/resubmit: a letter sent back, stamped again and sent in for review. */
export const letterResubmitRequestSchema = z.object({
  /** The version the lawyer read; when given, an older one is refused (409) like a review's. */
  version: z.number().int().positive().optional(),
  note: textField({ max: 200, multiline: true }).optional(),
  /** A letter written in the product: the lawyer's paragraph, rewritten (its PDF follows). */
  extra: letterExtraEditSchema.optional(),
});
export type LetterResubmitRequest = z.infer<typeof letterResubmitRequestSchema>;
