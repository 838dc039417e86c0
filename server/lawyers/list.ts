import { type Kysely, sql } from 'kysely';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { LawyerListQuery, LawyerRow } from '../../contract/firm-api';
import type { Paged } from '../../contract/paging';
import type { ReviewStatus } from '../../contract/reviews';
import { maySearchPhones, phoneFor } from '../access/phones';
import { caseTagged } from '../cases/tagged';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import type { Caller } from '../http/route';
import { type FirmScope, firmScopeOf } from '../lawfirms/scope';
import { standingIn, standingOf } from '../reviews/standing';

const lawyers = (db: Kysely<Database>) =>
  db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('law_firms as f', 'f.id', 'l.law_firm_id');
type LawyerQuery = ReturnType<typeof lawyers>;

/**
 * The lawyers in the scope that meet the list's filters (not sorted, not paged); the keyword
 * matches phone numbers only for a caller who reads them in full.
 */
function matching(
  db: Kysely<Database>,
  scope: FirmScope,
  query: Partial<LawyerListQuery>,
  searchPhones: boolean,
): LawyerQuery {
  let q = lawyers(db);
  if (scope.kind === 'none') return q.where('l.id', 'is', null);
  if (scope.kind === 'firm') q = q.where('l.law_firm_id', '=', scope.firmId);
  const { keyword, reviewStatus, lawFirmId } = query;
  if (keyword) {
    const columns = ['u.name', 'l.licence_no', ...(searchPhones ? ['u.phone'] : [])];
    q = q.where((eb) => eb.or(columns.map((c) => containsText(c, keyword))));
  }
  if (reviewStatus?.length) q = q.where(standingIn('l', reviewStatus));
  if (lawFirmId !== undefined) q = q.where('l.law_firm_id', '=', lawFirmId);
  if (query.createdFrom) q = q.where('l.created_at', '>=', businessDayStart(query.createdFrom));
  if (query.createdTo) q = q.where('l.created_at', '<', businessDayEnd(query.createdTo));
  return q;
}

/**
 * Lawyer rows with their case counts: correlated subqueries along cases (lawyer_id, status, ...).
 * "In hand" is the case machine's `worked` (processing or suspended), the figure the lawyer's
 * workplace and the firm's team view show; closed is `finished`.
 */
function withCaseCounts(q: LawyerQuery) {
  return q.leftJoin('users as r', 'r.id', 'l.reviewer_id').select((eb) => [
    'l.id',
    'l.user_id',
    'u.name',
    'u.phone',
    'u.enabled',
    'u.email',
    'u.introduction',
    'l.licence_no',
    'l.law_firm_id',
    'f.name as firm_name',
    'l.review_status',
    'l.review_reason',
    'l.reviewed_at',
    'l.created_at',
    'l.version',
    'l.suspended_at',
    'l.suspend_reason',
    'r.name as reviewer_name',
    eb
      .selectFrom('cases as c')
      .whereRef('c.lawyer_id', '=', 'l.id')
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('case_count'),
    eb
      .selectFrom('cases as c')
      .whereRef('c.lawyer_id', '=', 'l.id')
      .where(caseTagged('worked', 'c'))
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('active_case_count'),
    eb
      .selectFrom('cases as c')
      .whereRef('c.lawyer_id', '=', 'l.id')
      .where(caseTagged('finished', 'c'))
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('closed_case_count'),
  ]);
}

type LawyerRecord = Awaited<ReturnType<ReturnType<typeof withCaseCounts>['execute']>>[number];

function toRow(l: LawyerRecord): LawyerRow {
  return {
    id: l.id,
    userId: l.user_id,
    name: l.name,
    phone: l.phone,
    licenceNo: l.licence_no,
    enabled: l.enabled === 1,
    lawFirmId: l.law_firm_id,
    lawFirmName: l.firm_name,
    reviewStatus: l.review_status as ReviewStatus,
    reviewReason: l.review_reason,
    reviewerName: l.reviewer_name,
    reviewedAt: l.reviewed_at,
    createdAt: l.created_at,
    version: l.version,
    suspendedAt: l.suspended_at,
    suspendReason: l.suspend_reason,
    standing: standingOf(l.review_status, l.suspended_at),
    caseCount: Number(l.case_count ?? 0),
    activeCaseCount: Number(l.active_case_count ?? 0),
    closedCaseCount: Number(l.closed_case_count ?? 0),
  };
}

const SORTS = {
  createdAt: sql.ref('l.created_at'),
  caseCount: sql.ref('case_count'),
  activeCaseCount: sql.ref('active_case_count'),
} as const;

/** A page of the lawyers in the caller's scope; sorting by a case count orders by the subquery's alias. */
export async function listLawyers(
  db: Kysely<Database>,
  caller: Caller,
  query: LawyerListQuery,
): Promise<Paged<LawyerRow>> {
  const base = matching(db, firmScopeOf(caller, 'lawyers.read'), query, maySearchPhones(caller));
  const dir = query.sortOrder;
  const [rows, count] = await Promise.all([
    withCaseCounts(base)
      .orderBy(SORTS[query.sortField], dir)
      .orderBy('l.id', dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map(toRow).map((row) => ({
    ...row,
    phone: phoneFor(caller, row.phone, { userId: row.userId, lawFirmId: row.lawFirmId }),
  }));
  return { list, total: Number(count.n) };
}

/** The lawyer record of a user, with profile fields and case counts, or undefined. */
export async function lawyerOfUser(db: Kysely<Database>, userId: number) {
  const row = await withCaseCounts(lawyers(db).where('l.user_id', '=', userId)).executeTakeFirst();
  return row ? { ...toRow(row), email: row.email, introduction: row.introduction } : undefined;
}
