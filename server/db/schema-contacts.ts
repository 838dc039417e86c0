import type { Generated } from 'kysely';

/**
 * The contact log of a case, refused contacts and the sensitive words (migration 0026;
 * server/contacts/). A payment follow-up (添加跟进) is a contact without a channel.
 */

export interface ContactsTable {
  id: Generated<number>;
  case_id: number;
  /** null: a follow-up carried over from payment_follow_ups, about no one party. */
  party_id: number | null;
  /** call, sms, visit, letter, wechat, other; null for a payment follow-up. */
  channel: string | null;
  phone_id: number | null;
  /** outbound, inbound; null for a payment follow-up. */
  direction: string | null;
  /** When it happened (ISO UTC). */
  at: string;
  /** When it was recorded (ISO UTC). */
  logged_at: string;
  outcome: string | null;
  /** unpaid, promised, partial, paid: what a payment follow-up says (also on a contact that sets it). */
  payment_status: string | null;
  note: string;
  promise_amount_fen: number | null;
  promise_due_on: string | null;
  next_follow_up_on: string | null;
  /** The rule (contact.quietHours, ...) the contact was recorded against, with `override_reason`. */
  override_rule: string | null;
  override_reason: string | null;
  created_by: number | null;
  /** The law firm of whoever recorded it, then (compliance per firm). */
  law_firm_id: number | null;
  /**
   * Who was contacted, across cases: `id:<hash>` of the party's ID number, else `phone:<hash>` of
   * the phone used (server/contacts/person.ts). The daily limits count by it.
   */
  person_key: string | null;
}

/** An outbound contact the rules refused (nothing else was stored), for 合规监控. */
export interface ContactRefusalsTable {
  id: Generated<number>;
  case_id: number;
  party_id: number | null;
  user_id: number;
  law_firm_id: number | null;
  rule: string;
  channel: string;
  at: string;
}

/** One word each, stored normalised (NFKC, lower case). */
export interface SensitiveWordsTable {
  word: string;
}

export interface ContactTables {
  contacts: ContactsTable;
  contact_refusals: ContactRefusalsTable;
  sensitive_words: SensitiveWordsTable;
}
