import { z } from 'zod';
import { daySchema } from './case-api';
import { PAYMENT_STATUSES } from './cases';
import { bodyId, idValue, pagedSchema, pageQuerySchema } from './paging';
import { textField } from './text';

/**
 * The contact log of a case and the collection rules it keeps (ARCHITECTURE §4a and §8
 * "Contacts"). Labels are `enum.<name>.<value>` in contract/labels-*.
 */
export const CONTACT_CHANNELS = ['call', 'sms', 'visit', 'letter', 'wechat', 'other'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_DIRECTIONS = ['outbound', 'inbound'] as const;
export const CONTACT_OUTCOMES = [
  'connected',
  'noAnswer',
  'refused',
  'invalidNumber',
  'promised',
  'disputed',
  'other',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
/** A call with one of these outcomes reached the person (counted against CONTACT_DAILY_CALLS). */
export const CONNECTED_OUTCOMES: readonly ContactOutcome[] = ['connected', 'refused', 'promised', 'disputed'];
/** The channels quiet hours apply to when outbound. */
export const QUIET_CHANNELS: readonly ContactChannel[] = ['call', 'sms', 'visit'];
/** The rules an outbound contact is refused by (409, `errors: [{path: 'rule', value}]`). */
export const CONTACT_RULES = [
  'contact.quietHours',
  'contact.dailyLimit',
  'contact.dailyAttempts',
  'contact.notAParty',
] as const;
export type ContactRule = (typeof CONTACT_RULES)[number];
export const SMS_TEMPLATES = ['repaymentReminder', 'mediationInvite', 'instalmentDue'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

/** The largest promise: 10 billion yuan in fen, as a repayment. */
const MAX_PROMISE_FEN = 1_000_000_000_000;

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
  override: z.object({ reason: textField({ min: 1, max: 200, multiline: true }) }).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  partyId: z.number().int().nullable(),
  partyName: z.string().nullable(),
  /** null: a payment follow-up (添加跟进) without a channel. */
  channel: z.enum(CONTACT_CHANNELS).nullable(),
  phoneId: z.number().int().nullable(),
  /** Masked (138****5678). */
  phone: z.string().nullable(),
  direction: z.enum(CONTACT_DIRECTIONS).nullable(),
  at: z.string(),
  loggedAt: z.string(),
  outcome: z.enum(CONTACT_OUTCOMES).nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  note: z.string(),
  promiseAmountFen: z.number().int().nullable(),
  promiseDueOn: z.string().nullable(),
  nextFollowUpOn: z.string().nullable(),
  /** The rule the contact was recorded against, with its override reason. */
  overrideRule: z.enum(CONTACT_RULES).nullable(),
  overrideReason: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListQuerySchema = pageQuerySchema;
export const contactPageSchema = pagedSchema(contactSchema);

export const contactWindowQuerySchema = z.object({ partyId: idValue });
export const contactWindowSchema = z.object({
  allowed: z.boolean(),
  rule: z.enum(CONTACT_RULES).optional(),
  /** When the rule that closes the window lets go (ISO instant). */
  nextAllowedAt: z.string().optional(),
});
export type ContactWindow = z.infer<typeof contactWindowSchema>;

export const smsRequestSchema = z.object({
  partyId: bodyId,
  phoneId: bodyId,
  template: z.enum(SMS_TEMPLATES),
  override: z.object({ reason: textField({ min: 1, max: 200, multiline: true }) }).optional(),
});

/** A sensitive word: 1-20 characters. */
export const sensitiveWordsSchema = z.object({
  words: z.array(textField({ min: 1, max: 20 })).max(2000),
});

/** 合规监控: contacts per firm and lawyer in a period. */
export const complianceQuerySchema = pageQuerySchema.extend({
  from: daySchema.optional(),
  to: daySchema.optional(),
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
  kind: z.enum(['refused', 'override']),
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
