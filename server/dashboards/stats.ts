import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { statusesTagged } from '../../machines/caseRules';
import { caseTagged } from '../cases/tagged';
import type { Database } from '../db/schema';

/** Which cases a dashboard counts: all of them, one firm's, or one lawyer's. */
export type CaseScope =
  | { kind: 'all' }
  | { kind: 'firm'; firmId: number }
  | { kind: 'lawyer'; lawyerId: number };

type CasesEb = ExpressionBuilder<Database, 'cases'>;

function scoped(scope: CaseScope) {
  return (eb: CasesEb) => {
    if (scope.kind === 'firm') return eb('cases.law_firm_id', '=', scope.firmId);
    if (scope.kind === 'lawyer') return eb('cases.lawyer_id', '=', scope.lawyerId);
    return sql<boolean>`1 = 1`;
  };
}

/** The results that count as a success (migration 0037's lawyer_closed_counts counts these). */
const SUCCESS_RESULTS = ['mediated', 'repaid'];

/** The case machine's groups the totals add up (machines/caseTags.ts). */
const WORKED = new Set<string>(statusesTagged('worked'));
const FINISHED = new Set<string>(statusesTagged('finished'));

/**
 * The case totals, the cases by status and the closed cases by result, from one pass over
 * the cases (grouped by status and result) instead of three: on a million cases each pass
 * is a full read. `inProgress` is the cases in a lawyer's hands (the machine's `worked`:
 * processing or suspended), the same figure as a lawyer's 办理中案件 in the lawyers list and
 * the firm's team view.
 */
export async function caseBreakdown(db: Kysely<Database>, scope: CaseScope) {
  const rows =
    scope.kind === 'all'
      ? // Every case: the summary rows (migration 0037), not a full read of a million cases.
        (
          await db
            .selectFrom('case_status_counts')
            .select(['status', 'close_result', 'cases as count'])
            .execute()
        ).map((r) => ({ ...r, close_result: r.close_result === '' ? null : r.close_result }))
      : await db
          .selectFrom('cases')
          .where(scoped(scope))
          .select(['status', 'close_result', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy(['status', 'close_result'])
          .execute();
  const statuses = new Map<string, number>();
  const results = new Map<string, number>();
  let cases = 0;
  let inProgress = 0;
  let closed = 0;
  let succeeded = 0;
  for (const row of rows) {
    const count = Number(row.count);
    if (count === 0) continue;
    cases += count;
    statuses.set(row.status, (statuses.get(row.status) ?? 0) + count);
    if (WORKED.has(row.status)) inProgress += count;
    if (FINISHED.has(row.status)) closed += count;
    if (row.close_result !== null) {
      results.set(row.close_result, (results.get(row.close_result) ?? 0) + count);
      if (SUCCESS_RESULTS.includes(row.close_result)) succeeded += count;
    }
  }
  const sorted = (counts: Map<string, number>) =>
    [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, count]) => ({ key, count }));
  return {
    totals: {
      cases,
      inProgress,
      successRate: closed === 0 ? 0 : succeeded / closed,
    },
    statuses: sorted(statuses),
    results: sorted(results),
  };
}

/** Cases created per month over the last twelve months, months without cases included. */
export async function monthlyTrend(db: Kysely<Database>, scope: CaseScope, now: Date) {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  if (scope.kind === 'all') {
    const counted = await db
      .selectFrom('case_month_counts')
      .where('month', '>=', months[0])
      .select(['month', 'cases'])
      .execute();
    const byMonth = new Map(counted.map((r) => [r.month, Number(r.cases)]));
    return months.map((m) => ({ month: m, count: byMonth.get(m) ?? 0 }));
  }
  const month = sql<string>`substr(created_at, 1, 7)`;
  const rows = await db
    .selectFrom('cases')
    .where(scoped(scope))
    .where('created_at', '>=', `${months[0]}-01`)
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(month)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.count)]));
  return months.map((m) => ({ month: m, count: byMonth.get(m) ?? 0 }));
}

export async function countBy(db: Kysely<Database>, scope: CaseScope, column: 'status' | 'close_result') {
  const rows = await db
    .selectFrom('cases')
    .where(scoped(scope))
    .where(column, 'is not', null)
    .select([column, (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(column)
    .orderBy(column)
    .execute();
  return rows.map((r) => ({ key: String(r[column]), count: Number(r.count) }));
}

/** Lawyers by cases closed with a good result (mediated or repaid), best first. */
export async function lawyerRanking(db: Kysely<Database>, scope: CaseScope, limit = 8) {
  if (scope.kind === 'all') {
    const counted = await db
      .selectFrom('lawyer_closed_counts')
      .innerJoin('lawyers', 'lawyers.id', 'lawyer_closed_counts.lawyer_id')
      .innerJoin('users', 'users.id', 'lawyers.user_id')
      .where('lawyer_closed_counts.closed', '>', 0)
      .select(['lawyers.id', 'users.name', 'lawyer_closed_counts.closed'])
      .orderBy('lawyer_closed_counts.closed', 'desc')
      .orderBy('lawyers.id')
      .limit(limit)
      .execute();
    return counted.map((r) => ({ id: r.id, name: r.name, closed: Number(r.closed) }));
  }
  const rows = await db
    .selectFrom('cases')
    .innerJoin('lawyers', 'lawyers.id', 'cases.lawyer_id')
    .innerJoin('users', 'users.id', 'lawyers.user_id')
    .where(scoped(scope))
    .where('cases.close_result', 'in', SUCCESS_RESULTS)
    .select(['lawyers.id', 'users.name', (eb) => eb.fn.countAll<number>().as('closed')])
    .groupBy(['lawyers.id', 'users.name'])
    .orderBy('closed', 'desc')
    .orderBy('lawyers.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, closed: Number(r.closed) }));
}

export async function recoveredFen(db: Kysely<Database>, scope: CaseScope): Promise<number> {
  const row = await db
    .selectFrom('repayments')
    .innerJoin('cases', 'cases.id', 'repayments.case_id')
    .where(scoped(scope))
    .select((eb) => eb.fn.sum<number>('repayments.amount_fen').as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function upcomingSessions(db: Kysely<Database>, scope: CaseScope, now: Date, limit = 6) {
  const rows = await db
    .selectFrom('cases')
    .where(scoped(scope))
    .where('court_session_at', '>', now.toISOString())
    .where(caseTagged('active', ''))
    .select(['id', 'case_no', 'title', 'court', 'court_session_at'])
    .orderBy('court_session_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caseNo: r.case_no,
    title: r.title,
    court: r.court,
    courtSessionAt: r.court_session_at,
  }));
}
