import { z } from 'zod';
import { PAYMENT_STATUSES } from './cases';
import {
  CONTACT_CHANNELS,
  CONTACT_DIRECTIONS,
  CONTACT_OUTCOMES,
  CONTACT_RULES,
  CONTACT_WINDOW_STATES,
} from './enum-values';

/**
 * A contact as the log answers it, and a party's contact window: the answers of contract/contacts.ts
 * that the case detail (contract/case-api.ts) carries too, kept apart so neither imports the other.
 */
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

/** A payment follow-up (添加跟进) as the case detail lists it. */
export const followUpSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  followedAt: z.string(),
  note: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  operatorName: z.string().nullable(),
});

export const contactWindowSchema = z.object({
  allowed: z.boolean(),
  rule: z.enum(CONTACT_RULES).optional(),
  /** When the rule that closes the window lets go (ISO instant). */
  nextAllowedAt: z.string().optional(),
});
export type ContactWindow = z.infer<typeof contactWindowSchema>;

/** The case detail's window: the main debtor's, with `state` for the screen. */
export const caseContactWindowSchema = contactWindowSchema.extend({
  state: z.enum(CONTACT_WINDOW_STATES),
  partyName: z.string(),
});
