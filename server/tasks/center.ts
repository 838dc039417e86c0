import type { ExpressionBuilder, Kysely } from 'kysely';
import { businessDayStart, formatDate } from '../../contract/dates';
import type { TaskCenter } from '../../contract/operations-api';
import { caseTagged } from '../cases/tagged';
import type { Database } from '../db/schema';
import { entrustmentsExpired, pushesWaiting } from '../deadlines/in-hand';

const DAY_MS = 86_400_000;
/** Items each list shows; the counts say how many there are in all. */
const LIST_SIZE = 5;
/** Entrustments expiring within this many days (today included) need renewing or closing. */
const EXPIRY_DAYS = 30;

/** A calendar day `YYYY-MM-DD` moved by whole days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Today in the business time zone (BUSINESS_TZ, contract/dates.ts), the last day of the expiry
 * window, and this business week (Monday 00:00 to the next Monday 00:00, as stored instants).
 */
export function taskWindows(now: Date) {
  const today = formatDate(now);
  const expiryEnd = addDays(today, EXPIRY_DAYS);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  const weekStart = businessDayStart(monday);
  const weekEnd = businessDayStart(addDays(monday, 7));
  return { today, expiryEnd, weekStart, weekEnd };
}

type CasesEb = ExpressionBuilder<Database, 'cases'>;

/**
 * The work waiting for business operations: applications and letters under review, pool
 * cases, entrustments about to expire or expired and flagged, pushes waiting for a firm's
 * answer, this week's court sessions and the caller's to-dos.
 * Each count is one indexed SQL count; each list the first few in the order they are due.
 */
export async function taskCenter(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  pushAnswerHours: number,
): Promise<TaskCenter> {
  const { today, expiryEnd, weekStart, weekEnd } = taskWindows(now);
  // The groups are the case machine's tags (server/cases/tagged.ts), never lists written here.
  const pool = () => caseTagged('unassigned');
  const expiring = (eb: CasesEb) =>
    eb.and([
      eb('cases.entrust_expires_on', '>=', today),
      eb('cases.entrust_expires_on', '<=', expiryEnd),
      caseTagged('ongoing'),
    ]);
  const inSession = (eb: CasesEb) =>
    eb.and([
      eb('cases.court_session_at', '>=', weekStart),
      eb('cases.court_session_at', '<', weekEnd),
      caseTagged('ongoing'),
    ]);
  const todos = db
    .selectFrom('messages')
    .where('user_id', '=', userId)
    .where('type', '=', 'todo')
    .where('status', '=', 0);
  const caseItems = db
    .selectFrom('cases')
    .leftJoin('law_firms', 'law_firms.id', 'cases.law_firm_id')
    .select([
      'cases.id',
      'cases.case_no',
      'cases.title',
      'cases.amount_fen',
      'law_firms.name as law_firm_name',
      'cases.created_at',
      'cases.entrust_expires_on',
      'cases.court',
      'cases.court_session_at',
    ])
    .limit(LIST_SIZE);

  const [firms, lawyers, letters, poolCases, expiringCases, sessions, todoRows, counts, pushes, expired] =
    await Promise.all([
      db
        .selectFrom('law_firms')
        .where('review_status', '=', 'auditing')
        .select(['id', 'name', 'region_code', 'contact_name', 'created_at'])
        .orderBy('created_at')
        .orderBy('id')
        .limit(LIST_SIZE)
        .execute(),
      db
        .selectFrom('lawyers')
        .innerJoin('users', 'users.id', 'lawyers.user_id')
        .innerJoin('law_firms', 'law_firms.id', 'lawyers.law_firm_id')
        .where('lawyers.review_status', '=', 'auditing')
        .select([
          'lawyers.id',
          'users.name',
          'lawyers.licence_no',
          'law_firms.name as law_firm_name',
          'lawyers.created_at',
        ])
        .orderBy('lawyers.created_at')
        .orderBy('lawyers.id')
        .limit(LIST_SIZE)
        .execute(),
      db
        .selectFrom('law_firm_letters')
        .innerJoin('law_firms', 'law_firms.id', 'law_firm_letters.law_firm_id')
        .where('law_firm_letters.status', '=', 'auditing')
        .select([
          'law_firm_letters.id',
          'law_firm_letters.letter_no',
          'law_firm_letters.title',
          'law_firms.name as law_firm_name',
          'law_firm_letters.submitted_at',
        ])
        .orderBy('law_firm_letters.submitted_at')
        .orderBy('law_firm_letters.id')
        .limit(LIST_SIZE)
        .execute(),
      caseItems.where(pool).orderBy('cases.created_at').orderBy('cases.id').execute(),
      caseItems.where(expiring).orderBy('cases.entrust_expires_on').orderBy('cases.id').execute(),
      caseItems.where(inSession).orderBy('cases.court_session_at').orderBy('cases.id').execute(),
      todos
        .select(['id', 'type', 'title', 'content', 'status', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LIST_SIZE)
        .execute(),
      db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('law_firms')
            .where('review_status', '=', 'auditing')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('firms'),
          eb
            .selectFrom('lawyers')
            .where('review_status', '=', 'auditing')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('lawyers'),
          eb
            .selectFrom('law_firm_letters')
            .where('status', '=', 'auditing')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('letters'),
          eb
            .selectFrom('cases')
            .where(pool)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('pool'),
          eb
            .selectFrom('cases')
            .where(expiring)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('expiring'),
          eb
            .selectFrom('cases')
            .where(inSession)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('sessions'),
          todos.select((e) => e.fn.countAll<number>().as('n')).as('todos'),
        ])
        .executeTakeFirstOrThrow(),
      pushesWaiting(db, pushAnswerHours, LIST_SIZE),
      entrustmentsExpired(db, LIST_SIZE),
    ]);
  const caseItem = (r: (typeof poolCases)[number]) => ({
    id: r.id,
    caseNo: r.case_no,
    title: r.title,
    amountFen: Number(r.amount_fen),
    lawFirmName: r.law_firm_name,
    createdAt: r.created_at,
    entrustExpiresOn: r.entrust_expires_on,
    court: r.court,
    courtSessionAt: r.court_session_at,
  });
  return {
    counts: {
      firmsAuditing: Number(counts.firms),
      lawyersAuditing: Number(counts.lawyers),
      lettersAuditing: Number(counts.letters),
      poolCases: Number(counts.pool),
      expiringEntrustments: Number(counts.expiring),
      sessionsThisWeek: Number(counts.sessions),
      pushesWaiting: pushes.total,
      expiredEntrustments: expired.total,
      todos: Number(counts.todos),
    },
    firms: firms.map((f) => ({
      id: f.id,
      name: f.name,
      regionCode: f.region_code,
      contactName: f.contact_name,
      createdAt: f.created_at,
    })),
    lawyers: lawyers.map((l) => ({
      id: l.id,
      name: l.name,
      licenceNo: l.licence_no,
      lawFirmName: l.law_firm_name,
      createdAt: l.created_at,
    })),
    letters: letters.map((l) => ({
      id: l.id,
      letterNo: l.letter_no,
      title: l.title,
      lawFirmName: l.law_firm_name,
      submittedAt: l.submitted_at,
    })),
    pool: poolCases.map(caseItem),
    expiring: expiringCases.map(caseItem),
    sessions: sessions.map(caseItem),
    pushes: pushes.list,
    expired: expired.list,
    todos: todoRows.map((m) => ({
      id: m.id,
      type: m.type as TaskCenter['todos'][number]['type'],
      title: m.title,
      content: m.content,
      status: m.status === 1 ? 1 : 0,
      createdAt: m.created_at,
    })),
  };
}
