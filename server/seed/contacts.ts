import type { Insertable } from 'kysely';
import { businessDayStart, formatDate } from '../../contract/dates';
import type { ContactTables } from '../db/schema-contacts';
import { Random } from './random';

const DAY = 86_400_000;
const NOTES = {
  connected: ['电话接通，提醒按期还款', '与债务人沟通还款安排', '债务人表示近期资金紧张，会尽力筹款'],
  noAnswer: ['电话无人接听', '响铃后挂断'],
  promised: ['债务人承诺按期还款', '债务人同意先还一部分'],
  disputed: ['债务人对利息计算有异议，已说明计算依据'],
} as const;
type SeededOutcome = keyof typeof NOTES;
const OUTCOMES: SeededOutcome[] = ['connected', 'noAnswer', 'noAnswer', 'promised', 'disputed', 'connected'];

export interface CaseForContacts {
  caseId: number;
  worked: boolean;
  createdAt: string;
  partyId: number;
  phoneId: number | null;
  personKey: string;
  lawyerUserId: number | null;
  lawFirmId: number | null;
  /** The case's seeded repayments: a promise made before one, for no more than it, was kept. */
  repayments: Array<{ amountFen: number; createdAt: string }>;
}

/**
 * Contacts over the last three weeks for the seeded cases being worked, as their lawyer logged
 * them: calls and an SMS now and then, between 09:00 and 20:00 business time, at most one a
 * case a day (each seeded debtor is one person, so the daily limits hold), promises to pay
 * (kept where a repayment followed, broken where none did), and one contact in about forty
 * recorded at 22:30 with an override reason. Nothing is dated after `now`. Drawn from a
 * generator of its own per case, so the rest of the demo data stays what it was.
 */
export function seededContacts(
  cases: readonly CaseForContacts[],
  now: Date,
): Insertable<ContactTables['contacts']>[] {
  const rows: Insertable<ContactTables['contacts']>[] = [];
  const today = formatDate(now);
  for (const c of cases) {
    if (!c.worked || c.lawyerUserId === null) continue;
    const rng = new Random(c.caseId * 40_503 + 7);
    const days = new Set<number>();
    for (let n = rng.int(0, 5); n > 0; n--) days.add(rng.int(1, 21));
    for (const ago of [...days].sort((a, b) => b - a)) {
      const day = new Date(Date.parse(`${today}T00:00:00Z`) - ago * DAY).toISOString().slice(0, 10);
      const override = rng.chance(0.025);
      const minutes = override ? 22 * 60 + 30 : rng.int(9 * 60, 20 * 60);
      const at = new Date(Date.parse(businessDayStart(day)) + minutes * 60_000);
      if (at > now || at.toISOString() < c.createdAt) continue;
      const outcome = override ? 'connected' : rng.pick(OUTCOMES);
      const sms = !override && outcome === 'noAnswer' && rng.chance(0.3);
      let promise: { amountFen: number; dueOn: string } | null = null;
      if (outcome === 'promised') {
        const later = c.repayments.find((r) => r.createdAt > at.toISOString());
        const dueOn = new Date(at.getTime() + rng.int(2, 10) * DAY).toISOString().slice(0, 10);
        // Kept: no more than the repayment that followed; broken: none followed.
        promise = { amountFen: later ? later.amountFen : rng.int(100, 2000) * 10_000, dueOn };
      }
      rows.push({
        case_id: c.caseId,
        party_id: c.partyId,
        channel: sms ? 'sms' : 'call',
        phone_id: c.phoneId,
        direction: 'outbound',
        at: at.toISOString(),
        // Logged a few minutes after, never after the seed's moment.
        logged_at: new Date(Math.min(now.getTime(), at.getTime() + rng.int(1, 30) * 60_000)).toISOString(),
        outcome: sms ? 'other' : outcome,
        payment_status: promise ? 'promised' : null,
        note: sms ? '已发送还款提醒短信' : rng.pick(NOTES[outcome]),
        promise_amount_fen: promise?.amountFen ?? null,
        promise_due_on: promise?.dueOn ?? null,
        next_follow_up_on: rng.chance(0.3)
          ? new Date(at.getTime() + 3 * DAY).toISOString().slice(0, 10)
          : null,
        override_rule: override ? 'contact.quietHours' : null,
        override_reason: override ? '债务人白天上班，要求晚间回电' : null,
        created_by: c.lawyerUserId,
        law_firm_id: c.lawFirmId,
        person_key: c.personKey,
      });
    }
  }
  return rows;
}
