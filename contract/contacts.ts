import { z } from 'zod';
import { PAYMENT_STATUSES } from './cases';
import {
  BREACH_KINDS,
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
  CONTACT_RULES,
  PROMISE_STATUSES,
  SMS_TEMPLATES,
} from './enum-values';
import { bodyId, daySchema, idValue, pagedSchema, pageQuerySchema } from './paging';
import { textField } from './text';

/**
 * The contact log of a case and the collection rules it keeps (ARCHITECTURE §4a and §8
 * "Contacts"). Labels are `enum.<name>.<value>` in contract/labels-*.
 */
export { CONTACT_CHANNELS, CONTACT_DIRECTIONS, CONTACT_OUTCOMES, CONTACT_RULES, SMS_TEMPLATES };
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
/** A call with one of these outcomes reached the person (counted against CONTACT_DAILY_CALLS). */
export const CONNECTED_OUTCOMES: readonly ContactOutcome[] = ['connected', 'refused', 'promised', 'disputed'];
/** The channels quiet hours apply to when outbound. */
export const QUIET_CHANNELS: readonly ContactChannel[] = ['call', 'sms', 'visit'];
export type ContactRule = (typeof CONTACT_RULES)[number];
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

/** The largest promise: 10 billion yuan in fen, as a repayment. */
const MAX_PROMISE_FEN = 1_000_000_000_000;

/**
 * `{reason}` to record a contact against a rule (contacts.override). A form's empty reason field
 * (`reason: ''`) is no override; a reason of blanks is a 400 at `override.reason`.
 */
const overrideSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && (v as { reason?: unknown }).reason === '' ? undefined : v),
  z.object({ reason: textField({ min: 1, max: 200, multiline: true }) }).optional(),
);

export const contactRequestSchema = z.object({
  partyId: bodyId,
  channel: z.enum(CONTACT_CHANNELS),
  phoneId: bodyId.optional(),
  direction: z.enum(CONTACT_DIRECTIONS),
  /** When it happened (ISO instant); default now, never in the future. */
  at: z.iso.datetime({ offset: true, error: 'rule.dateTime' }).optional(),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: textField({ min: 1, max: 500, multiline: true }),
  promise: z
    .object({
      amountFen: z.number().int('rule.wholeNumber').positive('rule.amountPositive').max(MAX_PROMISE_FEN),
      dueOn: daySchema,
    })
    .optional(),
  nextFollowUpOn: daySchema.optional(),
  override: overrideSchema,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export { type Contact, type ContactWindow, contactSchema, contactWindowSchema } from './contact-row';

import { contactSchema, followUpSchema } from './contact-row';
export const contactListQuerySchema = pageQuerySchema;
export const contactPageSchema = pagedSchema(contactSchema);

export const contactWindowQuerySchema = z.object({ partyId: idValue });

export const smsRequestSchema = z.object({
  partyId: bodyId,
  phoneId: bodyId,
  template: z.enum(SMS_TEMPLATES),
  override: overrideSchema,
});

/** A sensitive word: 1-20 characters. */
const sensitiveWord = textField({ min: 1, max: 20 });
const MAX_SENSITIVE_WORDS = 2000;
/**
 * PUT /sensitive-words: `{words: [...]}`, or the 敏感词 page's `{text}` with one word a line
 * (commas and 、 separate too).
 */
export const sensitiveWordsRequestSchema = z.union([
  z.object({ words: z.array(sensitiveWord).max(MAX_SENSITIVE_WORDS) }),
  z.object({
    text: z
      .string()
      .max(MAX_SENSITIVE_WORDS * 21)
      .transform((text) =>
        text
          .split(/[\n,，、]/)
          .map((w) => w.trim())
          .filter(Boolean),
      )
      .pipe(z.array(sensitiveWord).max(MAX_SENSITIVE_WORDS)),
  }),
]);
/** The list, and the same as one word a line (the 敏感词 page's text). */
export const sensitiveWordsSchema = z.object({ words: z.array(z.string()), text: z.string() });

/** 合规监控: contacts per firm and lawyer in a period. */
export const complianceQuerySchema = pageQuerySchema.extend({
  dayFrom: daySchema.optional(),
  dayTo: daySchema.optional(),
});
export const complianceLawyerRowSchema = z.object({
  key: z.string(),
  lawFirmName: z.string().nullable(),
  userName: z.string().nullable(),
  contacts: z.number().int(),
  calls: z.number().int(),
  connected: z.number().int(),
  overrides: z.number().int(),
  refused: z.number().int(),
});
/** A breach: a refusal (nothing stored) or an override (stored with its reason). */
export const complianceBreachRowSchema = z.object({
  key: z.string(),
  kind: z.enum(BREACH_KINDS),
  rule: z.enum(CONTACT_RULES),
  at: z.string(),
  caseId: z.number().int(),
  caseNo: z.string(),
  userName: z.string().nullable(),
  lawFirmName: z.string().nullable(),
  reason: z.string().nullable(),
});
/** Outbound calls to one person on one business day, across every case. */
export const compliancePartyDayRowSchema = z.object({
  key: z.string(),
  day: z.string(),
  partyName: z.string().nullable(),
  cases: z.number().int(),
  calls: z.number().int(),
  connected: z.number().int(),
  overLimit: z.boolean(),
});

/** A promise to pay on the lawyer's workplace: due on its day, broken after it unless paid since. */
export const promiseRowSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  caseNo: z.string(),
  partyName: z.string().nullable(),
  amountFen: z.number().int(),
  dueOn: z.string(),
  status: z.enum(PROMISE_STATUSES),
});
export type PromiseRow = z.infer<typeof promiseRowSchema>;

/** GET /cases/:id/contact-phones: the parties' phones, masked, for the contact and SMS forms. */
export const contactPhoneListSchema = z.object({
  list: z.array(z.object({ id: z.number().int(), partyId: z.number().int(), label: z.string() })),
});

/** POST /cases/:id/follow-ups: a payment follow-up (添加跟进), stored in the contact log without a channel. */
export const followUpRequestSchema = z.object({
  note: textField({ min: 1, max: 500, multiline: true }),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});

/** GET /follow-ups: every follow-up the caller may read. */
export const followUpListQuerySchema = pageQuerySchema.extend({
  caseNo: textField({ min: 1, max: 20 }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  followedFrom: daySchema.optional(),
  followedTo: daySchema.optional(),
});

export const followUpRowSchema = followUpSchema.extend({
  caseNo: z.string(),
  caseTitle: z.string(),
  lawyerName: z.string().nullable(),
});
