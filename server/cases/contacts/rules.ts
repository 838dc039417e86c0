import type { Kysely } from 'kysely';
import {
  CONNECTED_OUTCOMES,
  type ContactChannel,
  type ContactRule,
  type ContactWindow,
  QUIET_CHANNELS,
} from '../../../contract/contacts';
import { businessDayEnd, businessDayStart, formatDate, formatDateTime } from '../../../contract/dates';
import type { ContactRuleSettings } from '../../config';
import type { Database } from '../../db/schema';

/**
 * The collection rules (China Banking Association and National Internet Finance Association
 * guidelines), judged on the server in business time: no outbound call, SMS or visit in quiet
 * hours; per person and business day, across every case, firm and lawyer, at most
 * `dailyAttempts` outbound calls and none once `dailyCalls` of them connected. A person is the
 * keys of person.ts; the count reads `contacts_person_idx` (person_key, at).
 */

const MINUTE = 60_000;

/** Minutes after midnight, business time, of an instant. */
function minutesOfDay(at: Date): number {
  const time = formatDateTime(at).slice(11);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function inQuietHours(at: Date, rules: ContactRuleSettings): boolean {
  const m = minutesOfDay(at);
  const { quietStart: start, quietEnd: end } = rules;
  if (start === end) return false;
  return start > end ? m >= start || m < end : m >= start && m < end;
}

/** The business day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The first instant at or after `at` outside quiet hours. */
export function firstOpenAt(at: Date, rules: ContactRuleSettings): Date {
  if (!inQuietHours(at, rules)) return at;
  const day = formatDate(at);
  const endToday = new Date(Date.parse(businessDayStart(day)) + rules.quietEnd * MINUTE);
  return endToday > at
    ? endToday
    : new Date(Date.parse(businessDayStart(nextDay(day))) + rules.quietEnd * MINUTE);
}

/** `HH:mm` of minutes after midnight, for the refusal's message. */
export const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Outbound calls to a person on the business day of `at`, and how many connected. */
export async function callsOfDay(
  db: Kysely<Database>,
  keys: string[],
  at: Date,
): Promise<{ calls: number; connected: number }> {
  if (keys.length === 0) return { calls: 0, connected: 0 };
  const day = formatDate(at);
  const row = await db
    .selectFrom('contacts')
    .where('person_key', 'in', keys)
    .where('at', '>=', businessDayStart(day))
    .where('at', '<', businessDayEnd(day))
    .where('channel', '=', 'call')
    .where('direction', '=', 'outbound')
    .select((eb) => [
      eb.fn.countAll<number>().as('calls'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('outcome', 'in', [...CONNECTED_OUTCOMES])
            .then(1)
            .else(0)
            .end(),
        )
        .as('connected'),
    ])
    .executeTakeFirstOrThrow();
  return { calls: Number(row.calls), connected: Number(row.connected ?? 0) };
}

/** The rule an outbound contact at `at` by `channel` breaks (notAParty aside), or null. */
export async function brokenRule(
  db: Kysely<Database>,
  rules: ContactRuleSettings,
  keys: string[],
  channel: ContactChannel,
  at: Date,
): Promise<ContactRule | null> {
  if (QUIET_CHANNELS.includes(channel) && inQuietHours(at, rules)) return 'contact.quietHours';
  if (channel !== 'call') return null;
  const { calls, connected } = await callsOfDay(db, keys, at);
  if (connected >= rules.dailyCalls) return 'contact.dailyLimit';
  if (calls >= rules.dailyAttempts) return 'contact.dailyAttempts';
  return null;
}

/** Whether a call may be made now, and if not, which rule closes it and until when. */
export async function contactWindow(
  db: Kysely<Database>,
  rules: ContactRuleSettings,
  keys: string[],
  now: Date,
): Promise<ContactWindow> {
  const rule = await brokenRule(db, rules, keys, 'call', now);
  if (rule === null) return { allowed: true };
  const reopens =
    rule === 'contact.quietHours'
      ? firstOpenAt(now, rules)
      : firstOpenAt(new Date(businessDayEnd(formatDate(now))), rules);
  return { allowed: false, rule, nextAllowedAt: reopens.toISOString() };
}
