import { type Kysely, sql } from 'kysely';
import type { CaseType } from '../../contract/cases';
import { formatDate } from '../../contract/dates';
import type { StatisticsData } from '../../contract/operations-api';
import { regionName } from '../../contract/regions';
import { statusesTagged } from '../../machines/caseRules';
import { caseTagged } from '../cases/tagged';
import { countBy } from '../dashboards/stats';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { daysBetween } from '../db/sql-portable';

const SUCCESS_RESULTS = new Set(['mediated', 'repaid']);

/** The twelve months up to the current one in the business time zone, oldest first: 2026-01 .. 2026-12. */
export function lastTwelveMonths(now: Date): string[] {
  const [year, month] = formatDate(now).split('-').map(Number);
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(year, month - 1 - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

/** Repayments summed per month over the twelve months (repaid_on is a business day). */
async function recoveredByMonth(db: Kysely<Database>, months: string[]) {
  const month = sql<string>`substr(repaid_on, 1, 7)`;
  const rows = await db
    .selectFrom('repayments')
    .where('repaid_on', '>=', `${months[0]}-01`)
    .select([month.as('month'), (eb) => eb.fn.sum<number>('amount_fen').as('fen')])
    .groupBy(month)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.fen ?? 0)]));
  return months.map((m) => {
    const amountFen = byMonth.get(m) ?? 0;
    // Charts draw numbers as they are: ten thousand yuan (万元), the unit Chinese reports use.
    return { month: m, amountFen, tenThousandYuan: Math.round(amountFen / 10_000) / 100 };
  });
}

/**
 * Cases per province, most first. The inner grouping follows cases_status_region_created_idx
 * (status, region) in its own order, so SQLite streams it; the outer one folds a few hundred
 * city rows into provinces.
 */
async function casesByProvince(db: Kysely<Database>, limit: number) {
  const perCity = db
    .selectFrom('cases')
    .select(['region_code', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'region_code'])
    .as('per_city');
  const province = sql<string>`substr(per_city.region_code, 1, 2)`;
  const rows = await db
    .selectFrom(perCity)
    .select([province.as('prefix'), (eb) => eb.fn.sum<number>('per_city.n').as('count')])
    .groupBy(province)
    .orderBy('count', 'desc')
    .orderBy('prefix')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const regionCode = `${r.prefix}0000`;
    return { regionCode, province: regionName(regionCode) ?? regionCode, count: Number(r.count) };
  });
}

async function casesByType(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('cases')
    .select(['type', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('type')
    .orderBy('count', 'desc')
    .orderBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type as CaseType, count: Number(r.count) }));
}

/**
 * Days from creation to closing per case type, as a sum and a count so the overall average
 * weighs every case alike. There is no closing time column: a closed case's updated_at is the
 * time of its last write, which is the closing unless someone edited it after.
 */
async function closeDays(db: Kysely<Database>, dialect: DialectName) {
  const rows = await db
    .selectFrom('cases')
    .where(caseTagged('finished', ''))
    .select([
      'type',
      (eb) => eb.fn.sum<number>(daysBetween(dialect, 'created_at', 'updated_at')).as('days'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .groupBy('type')
    .orderBy('type')
    .execute();
  const days = rows.reduce((sum, r) => sum + Number(r.days ?? 0), 0);
  const count = rows.reduce((sum, r) => sum + Number(r.count), 0);
  return {
    average: count === 0 ? null : round1(days / count),
    byType: rows.map((r) => ({
      type: r.type as CaseType,
      days: round1(Number(r.days ?? 0) / Number(r.count)),
    })),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Business statistics over every case; each figure one grouped SQL aggregate. */
export async function statisticsData(
  db: Kysely<Database>,
  dialect: DialectName,
  now: Date,
): Promise<StatisticsData> {
  const months = lastTwelveMonths(now);
  const all = { kind: 'all' } as const;
  const [statuses, results, recovered, byMonth, byProvince, byType, close] = await Promise.all([
    countBy(db, all, 'status'),
    countBy(db, all, 'close_result'),
    db
      .selectFrom('repayments')
      .select((eb) => eb.fn.sum<number>('amount_fen').as('fen'))
      .executeTakeFirstOrThrow(),
    recoveredByMonth(db, months),
    casesByProvince(db, 10),
    casesByType(db),
    closeDays(db, dialect),
  ]);
  // Folding the grouped rows (four statuses, four results) into totals.
  const cases = statuses.reduce((sum, s) => sum + s.count, 0);
  const finished = new Set<string>(statusesTagged('finished'));
  const closed = statuses.filter((s) => finished.has(s.key)).reduce((sum, s) => sum + s.count, 0);
  const succeeded = results.filter((r) => SUCCESS_RESULTS.has(r.key)).reduce((sum, r) => sum + r.count, 0);
  return {
    totals: {
      cases,
      closed,
      recoveredFen: Number(recovered.fen ?? 0),
      recoveredYearFen: byMonth.reduce((sum, m) => sum + m.amountFen, 0),
      successRate: closed === 0 ? 0 : succeeded / closed,
      averageCloseDays: close.average,
    },
    recoveredByMonth: byMonth,
    byProvince,
    byType,
    closeResults: results.map((r) => ({ result: r.key, count: r.count })),
    closeDaysByType: close.byType,
  };
}
