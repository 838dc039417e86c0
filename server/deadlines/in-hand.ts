import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { businessDayEnd, businessDayStart, formatDate } from '../../contract/dates';
import type { DeadlineItem, DeadlineKind } from '../../contract/deadlines';
import type { CaseTag } from '../../machines/caseTags';
import { ENTRUST_EXPIRING_DAYS } from '../cases/filters';
import { caseTagged } from '../cases/tagged';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { notIndexed } from '../db/sql-portable';
import { addDays } from './days';

/**
 * The deadlines in someone's hands, read where the workplaces and the task center show them:
 * a lawyer's court sessions and plan instalments, the pushes waiting for a firm's answer, the
 * entrustments operations extend or close. Each list is the first few by the moment they fall
 * due, read along an index (keyset order, a limit); each total one indexed count. The sweep
 * (this folder) acts on the same deadlines; these only show them.
 */

/** Instalments shown this many days ahead of their day (overdue ones until paid). */
export const INSTALMENT_AHEAD_DAYS = 7;

export interface InHand {
  list: DeadlineItem[];
  total: number;
}

type Row = {
  id: number;
  case_no: string;
  title: string;
  law_firm_name: string | null;
  batch_id: number | null;
  batch_no: string | null;
};

const item = (
  kind: DeadlineKind,
  r: Row,
  dueAt: string,
  more: { amountFen?: number; court?: string | null } = {},
): DeadlineItem => ({
  kind,
  caseId: r.id,
  caseNo: r.case_no,
  title: r.title,
  dueAt,
  court: more.court ?? null,
  amountFen: more.amountFen ?? null,
  lawFirmName: r.law_firm_name,
  batchId: r.batch_id,
  batchNo: r.batch_no,
});

/** The columns every item shows, from `cases` (alias `c`) with its firm and batch. */
function caseRows(db: Kysely<Database>) {
  return db
    .selectFrom('cases as c')
    .leftJoin('law_firms as f', 'f.id', 'c.law_firm_id')
    .leftJoin('case_batches as b', 'b.id', 'c.batch_id')
    .select(['c.id', 'c.case_no', 'c.title', 'f.name as law_firm_name', 'c.batch_id', 'b.batch_no']);
}

type CasesAsC = ExpressionBuilder<Database & { c: Database['cases'] }, 'c'>;

/**
 * A case group checked on the rows an index found by the deadline, never the index chosen:
 * SQLite's planner (no statistics, server/db/sql-portable.ts) otherwise walks every ongoing case
 * by status and sorts them (the sweep met the same, server/deadlines/entrustments.ts).
 */
function taggedAfter(db: Kysely<Database>, tag: CaseTag): Expression<SqlBool> {
  const condition = caseTagged(tag, 'c');
  return dialectOf(db) === 'sqlite' ? sql<SqlBool>`+(${condition})` : condition;
}

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/**
 * A lawyer's court sessions ahead (cases being worked) and the instalments of their cases' active
 * plans that are unpaid and due within INSTALMENT_AHEAD_DAYS or overdue, soonest first. Both
 * start from the lawyer's cases (cases_lawyer_idx), a few hundred even at a million cases.
 */
export async function lawyerDeadlines(
  db: Kysely<Database>,
  lawyerId: number,
  now: Date,
  limit: number,
): Promise<DeadlineItem[]> {
  const today = formatDate(now);
  const [sessions, instalments] = await Promise.all([
    caseRows(db)
      .select(['c.court_session_at', 'c.court'])
      .where('c.lawyer_id', '=', lawyerId)
      .where(taggedAfter(db, 'active'))
      .where('c.court_session_at', '>', now.toISOString())
      .orderBy('c.court_session_at')
      .orderBy('c.id')
      .limit(limit)
      .execute(),
    caseRows(db)
      .innerJoin('repayment_plans as p', 'p.case_id', 'c.id')
      .innerJoin('plan_instalments as i', 'i.plan_id', 'p.id')
      .select(['i.due_on', 'i.amount_fen', 'i.paid_fen'])
      .where('c.lawyer_id', '=', lawyerId)
      .where(notIndexed(dialectOf(db), 'p.status'), '=', 'active')
      .where('i.status', '!=', 'paid')
      .where('i.due_on', '<=', addDays(today, INSTALMENT_AHEAD_DAYS))
      .orderBy('i.due_on')
      .orderBy('i.id')
      .limit(limit)
      .execute(),
  ]);
  const items = [
    ...sessions.map((r) => item('courtSession', r, r.court_session_at as string, { court: r.court })),
    ...instalments.map((r) =>
      item(r.due_on < today ? 'instalmentOverdue' : 'instalmentDue', r, businessDayEnd(r.due_on), {
        amountFen: Number(r.amount_fen) - Number(r.paid_fen),
      }),
    ),
  ];
  return items.sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt)).slice(0, limit);
}

/**
 * Pushes waiting for an answer (one firm's, or every firm's), the one that lapses first first:
 * due at pushed + PUSH_ANSWER_HOURS. A push the sweep has not reached yet shows as passed.
 */
export async function pushesWaiting(
  db: Kysely<Database>,
  answerHours: number,
  limit: number,
  firmId?: number,
): Promise<InHand> {
  const base = db
    .selectFrom('case_pushes as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .where('p.push_status', '=', 'pushed')
    .whereRef('c.law_firm_id', '=', 'p.law_firm_id')
    .where(caseTagged('awaitingAnswer', 'c'))
    .$if(firmId !== undefined, (q) => q.where('p.law_firm_id', '=', firmId as number));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('law_firms as f', 'f.id', 'p.law_firm_id')
      .leftJoin('case_batches as b', 'b.id', 'c.batch_id')
      .select([
        'c.id',
        'c.case_no',
        'c.title',
        'f.name as law_firm_name',
        'c.batch_id',
        'b.batch_no',
        'p.pushed_at',
      ])
      .orderBy('p.pushed_at')
      .orderBy('p.id')
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const lapse = (pushedAt: string) => new Date(Date.parse(pushedAt) + answerHours * 3_600_000).toISOString();
  return { list: rows.map((r) => item('pushAnswer', r, lapse(r.pushed_at))), total: count(total) };
}

/** The cases `where` picks, the first `limit` by `due` (then id), and how many in all. */
async function casesDue(
  db: Kysely<Database>,
  where: (eb: CasesAsC) => ReturnType<CasesAsC['and']>,
  due: 'entrust_expires_on' | 'entrust_expired_on',
  kind: DeadlineKind,
  limit: number,
): Promise<InHand> {
  const [rows, total] = await Promise.all([
    caseRows(db)
      .select(`c.${due} as due`)
      .where(where)
      .orderBy(`c.${due}`)
      .orderBy('c.id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('cases as c')
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { list: rows.map((r) => item(kind, r, businessDayStart(r.due as string))), total: count(total) };
}

/**
 * Entrustments expiring within ENTRUST_EXPIRING_DAYS (today included, cases not closed),
 * soonest first, along `cases_entrust_status_idx`.
 */
export function entrustmentsExpiring(db: Kysely<Database>, now: Date, limit: number): Promise<InHand> {
  const today = formatDate(now);
  return casesDue(
    db,
    (eb) =>
      eb.and([
        eb('c.entrust_expires_on', '>=', today),
        eb('c.entrust_expires_on', '<=', addDays(today, ENTRUST_EXPIRING_DAYS)),
        taggedAfter(db, 'ongoing'),
      ]),
    'entrust_expires_on',
    'entrustExpiring',
    limit,
  );
}

/**
 * Cases the sweep flagged 委托已到期 that wait for operations to close or extend them, the
 * longest expired first, along the partial `cases_entrust_flagged_idx` (migration 0039).
 */
export function entrustmentsExpired(db: Kysely<Database>, limit: number): Promise<InHand> {
  return casesDue(
    db,
    (eb) => eb.and([eb('c.entrust_expired_on', 'is not', null), taggedAfter(db, 'ongoing')]),
    'entrust_expired_on',
    'entrustExpired',
    limit,
  );
}
