import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { CaseFilter } from '../../contract/case-api';
import { CASE_NO_PATTERN, CASE_STATUSES } from '../../contract/cases';
import { businessDayEnd, businessDayStart, formatDate } from '../../contract/dates';
import type { DialectName } from '../db/connect';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { notIndexed } from '../db/sql-portable';
import { containsText } from '../db/text-search';
import { personCasesCondition } from './parties/person-search';
import type { CaseCondition } from './scope';
import { keywordCondition, keywordTerm } from './search-terms';
import { caseTagged } from './tagged';

/** The case lists' 即将到期: entrustments expiring within this many days (today included). */
export const ENTRUST_EXPIRING_DAYS = 30;

/**
 * The codes a region filter matches, as a range of six-digit codes: a province (440000)
 * its cities and counties (440000-449999), a city (440300) its counties (440300-440399).
 * A range, not LIKE, so the region index serves it.
 */
export function regionRange(code: string): readonly [from: string, to: string] {
  if (code.endsWith('0000')) return [code, `${code.slice(0, 2)}9999`];
  if (code.endsWith('00')) return [code, `${code.slice(0, 4)}99`];
  return [code, code];
}

/**
 * The list filters as conditions, the keyword served by the term index when it can be
 * (server/cases/search-terms.ts): what every list, count, export and statistic uses.
 */
export async function caseFilterConditions(
  db: Kysely<Database>,
  filter: Partial<CaseFilter>,
  use: 'count' | 'page' = 'count',
): Promise<CaseCondition[]> {
  return filterConditions(
    filter,
    await keywordTerm(db, filter.keyword),
    use === 'page' ? dialectOf(db) : undefined,
    filter.keyword ? await personCasesCondition(db, filter.keyword) : null,
  );
}

/**
 * The list filters (not the caller's scope, not the sort) as conditions. `term` is the bigram
 * the keyword search drives from (`keywordTerm` in search-terms.ts), null for the plain LIKE
 * search; either way the same cases match.
 */
export function filterConditions(
  filter: Partial<CaseFilter>,
  term: string | null = null,
  /**
   * Given for conditions that read an ordered page (a list, an export) rather than a count:
   * a region range then leaves its index to the counts (`notIndexed`), so SQLite walks the
   * sort's index and stops after a page instead of sorting the whole province. The same
   * cases match either way.
   */
  page?: DialectName,
  /** The cases of a party whose full phone or ID number the keyword is (server/cases/parties/person-search.ts). */
  person: CaseCondition | null = null,
): CaseCondition[] {
  const where: CaseCondition[] = [];
  const { caseNo, title, type, status, position, debtor, region, keyword } = filter;
  if (caseNo) {
    const upper = caseNo.toUpperCase();
    // A whole case number is a lookup on its unique index; a fragment searches.
    where.push(
      CASE_NO_PATTERN.test(upper)
        ? (eb) => eb('cases.case_no', '=', upper)
        : () => containsText('cases.case_no', upper),
    );
  }
  if (title) where.push(() => containsText('cases.title', title));
  if (type) where.push((eb) => eb('cases.type', '=', type));
  if (status?.length) {
    where.push(
      status.length === 1
        ? (eb) => eb('cases.status', '=', status[0])
        : (eb) => eb('cases.status', 'in', status),
    );
  }
  if (position) where.push((eb) => eb('cases.position', '=', position));
  if (debtor) where.push(() => containsText('cases.debtor_name', debtor));
  if (region) {
    const [from, to] = regionRange(region);
    where.push(
      from === to
        ? (eb) => eb('cases.region_code', '=', from)
        : (eb) => {
            const column = page ? notIndexed(page, 'cases.region_code') : eb.ref('cases.region_code');
            return eb.and([eb(column, '>=', from), eb(column, '<=', to)]);
          },
    );
  }
  if (filter.amountMin !== undefined)
    where.push((eb) => eb('cases.amount_fen', '>=', filter.amountMin as number));
  if (filter.amountMax !== undefined)
    where.push((eb) => eb('cases.amount_fen', '<=', filter.amountMax as number));
  if (filter.outstandingMin !== undefined)
    where.push((eb) => eb('cases.outstanding_fen', '>=', filter.outstandingMin as number));
  if (filter.outstandingMax !== undefined)
    where.push((eb) => eb('cases.outstanding_fen', '<=', filter.outstandingMax as number));
  if (filter.createdFrom) {
    const from = businessDayStart(filter.createdFrom);
    where.push((eb) => eb('cases.created_at', '>=', from));
  }
  if (filter.createdTo) {
    const to = businessDayEnd(filter.createdTo);
    where.push((eb) => eb('cases.created_at', '<', to));
  }
  if (filter.entrustFrom) {
    const from = filter.entrustFrom;
    where.push((eb) => eb('cases.entrust_expires_on', '>=', from));
  }
  if (filter.entrustTo) {
    const to = filter.entrustTo;
    where.push((eb) => eb('cases.entrust_expires_on', '<=', to));
  }
  if (filter.lawyerId !== undefined)
    where.push((eb) => eb('cases.lawyer_id', '=', filter.lawyerId as number));
  if (filter.lawFirmId !== undefined)
    where.push((eb) => eb('cases.law_firm_id', '=', filter.lawFirmId as number));
  if (filter.deadline) {
    // Business days (BUSINESS_TZ): expiring within ENTRUST_EXPIRING_DAYS, today included; expired before today.
    const today = formatDate(new Date());
    const end = new Date(Date.parse(`${today}T00:00:00Z`) + ENTRUST_EXPIRING_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const ongoing = caseTagged('ongoing');
    where.push(
      filter.deadline === 'expired'
        ? (eb) => eb.and([eb('cases.entrust_expires_on', '<', today), ongoing])
        : (eb) =>
            eb.and([
              eb('cases.entrust_expires_on', '>=', today),
              eb('cases.entrust_expires_on', '<=', end),
              ongoing,
            ]),
    );
  }
  if (filter.planStatus) where.push((eb) => eb('cases.plan_status', '=', filter.planStatus as string));
  if (keyword) {
    const text = keywordCondition(keyword, term);
    where.push(person ? (eb) => eb.or([text(eb), person(eb)]) : text);
  }
  return where;
}

/**
 * Extra conditions that change no result but let a count use an index: a region without a
 * status becomes "any status and this region", a prefix of cases_status_region_created_idx
 * (every stored status is one of these; the column's CHECK says so). Lists do without it:
 * they read the creation-time index and stop after a page.
 */
export function countHints(filter: Partial<CaseFilter>): CaseCondition[] {
  if (filter.region && !filter.status?.length) {
    return [(eb) => eb('cases.status', 'in', [...CASE_STATUSES])];
  }
  return [];
}

/**
 * A query on cases restricted by every condition, each its own `where`: no conditions, no
 * WHERE at all (SQLite counts a whole table from its smallest index only without one).
 */
export function restrict<O>(
  query: SelectQueryBuilder<Database, 'cases', O>,
  conditions: CaseCondition[],
): SelectQueryBuilder<Database, 'cases', O> {
  return conditions.reduce((q, condition) => q.where(condition), query);
}
