import type { Kysely } from 'kysely';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { LawFirmListQuery, LawFirmRow } from '../../contract/firm-api';
import type { Paged } from '../../contract/paging';
import type { ReviewStatus } from '../../contract/reviews';
import { maySearchPhones, phoneFor } from '../access/phones';
import { regionRange } from '../cases/filters';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import type { Caller } from '../http/route';
import { standingIn, standingOf } from '../reviews/standing';
import { type FirmScope, firmScopeOf } from './scope';

const SORT_COLUMNS = { createdAt: 'f.created_at', reviewedAt: 'f.reviewed_at' } as const;

/** The review decisions of the audit log (server/reviews/record-review.ts writes them). */
const DECISIONS = ['lawfirm.review.passed', 'lawfirm.review.rejected'];

const firms = (db: Kysely<Database>) => db.selectFrom('law_firms as f');
type FirmQuery = ReturnType<typeof firms>;

/**
 * The firms in the scope that meet the list's filters (not sorted, not paged); the keyword
 * matches contact numbers only for a caller who reads them in full.
 */
function matching(
  db: Kysely<Database>,
  scope: FirmScope,
  query: Partial<LawFirmListQuery>,
  searchPhones: boolean,
): FirmQuery {
  let q = firms(db);
  if (scope.kind === 'none') return q.where('f.id', 'is', null);
  if (scope.kind === 'firm') q = q.where('f.id', '=', scope.firmId);
  const { keyword, reviewStatus, region } = query;
  if (keyword) {
    q = q.where((eb) =>
      eb.or(
        ['f.name', 'f.credit_code', 'f.contact_name', ...(searchPhones ? ['f.contact_phone'] : [])].map((c) =>
          containsText(c, keyword),
        ),
      ),
    );
  }
  if (reviewStatus?.length) q = q.where(standingIn('f', reviewStatus));
  if (region) {
    const [from, to] = regionRange(region);
    q = q.where('f.region_code', '>=', from).where('f.region_code', '<=', to);
  }
  if (query.createdFrom) q = q.where('f.created_at', '>=', businessDayStart(query.createdFrom));
  if (query.createdTo) q = q.where('f.created_at', '<', businessDayEnd(query.createdTo));
  if (query.reviewedFrom) q = q.where('f.reviewed_at', '>=', businessDayStart(query.reviewedFrom));
  if (query.reviewedTo) q = q.where('f.reviewed_at', '<', businessDayEnd(query.reviewedTo));
  return q;
}

/** Firm rows with their figures: each count a correlated subquery on an indexed column. */
function withFigures(q: FirmQuery) {
  return q.leftJoin('users as r', 'r.id', 'f.reviewer_id').select((eb) => [
    'f.id',
    'f.name',
    'f.credit_code',
    'f.region_code',
    'f.address',
    'f.contact_name',
    'f.contact_phone',
    'f.review_status',
    'f.review_reason',
    'f.reviewed_at',
    'f.created_at',
    'f.version',
    'f.suspended_at',
    'f.suspend_reason',
    'f.updated_at',
    'r.name as reviewer_name',
    eb
      .selectFrom('lawyers as l')
      .whereRef('l.law_firm_id', '=', 'f.id')
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('lawyer_count'),
    eb
      .selectFrom('lawyers as l')
      .whereRef('l.law_firm_id', '=', 'f.id')
      .where('l.review_status', '=', 'auditing')
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('auditing_lawyer_count'),
    eb
      .selectFrom('cases as c')
      .whereRef('c.law_firm_id', '=', 'f.id')
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('case_count'),
    eb
      .selectFrom('audit_log as a')
      .where('a.entity', '=', 'law_firm')
      .where((s) => s('a.entity_id', '=', s.cast<string>(s.ref('f.id'), 'text')))
      .where('a.action', 'in', DECISIONS)
      .select((s) => s.fn.countAll<number>().as('n'))
      .as('decision_count'),
  ]);
}

type FirmRecord = Awaited<ReturnType<ReturnType<typeof withFigures>['execute']>>[number];

function toRow(f: FirmRecord): LawFirmRow {
  return {
    id: f.id,
    name: f.name,
    creditCode: f.credit_code,
    regionCode: f.region_code,
    address: f.address,
    contactName: f.contact_name,
    contactPhone: f.contact_phone,
    reviewStatus: f.review_status as ReviewStatus,
    reviewReason: f.review_reason,
    reviewerName: f.reviewer_name,
    reviewedAt: f.reviewed_at,
    createdAt: f.created_at,
    version: f.version,
    suspendedAt: f.suspended_at,
    suspendReason: f.suspend_reason,
    standing: standingOf(f.review_status, f.suspended_at),
    updatedAt: f.updated_at,
    lawyerCount: Number(f.lawyer_count ?? 0),
    auditingLawyerCount: Number(f.auditing_lawyer_count ?? 0),
    caseCount: Number(f.case_count ?? 0),
    decisionCount: Number(f.decision_count ?? 0),
  };
}

/** A page of the firms in the caller's scope, filtered and sorted (a firm never sorted after itself: id breaks ties). */
export async function listLawFirms(
  db: Kysely<Database>,
  caller: Caller,
  query: LawFirmListQuery,
): Promise<Paged<LawFirmRow>> {
  const base = matching(db, firmScopeOf(caller, 'firms.read'), query, maySearchPhones(caller));
  const column = SORT_COLUMNS[query.sortField];
  const dir = query.sortOrder;
  const [rows, count] = await Promise.all([
    withFigures(base)
      .orderBy(column, (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('f.id', dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows
    .map(toRow)
    .map((row) => ({ ...row, contactPhone: phoneFor(caller, row.contactPhone, { lawFirmId: row.id }) }));
  return { list, total: Number(count.n) };
}

/** One firm with its figures, or undefined. */
export async function lawFirmRow(db: Kysely<Database>, id: number): Promise<LawFirmRow | undefined> {
  const row = await withFigures(firms(db).where('f.id', '=', id)).executeTakeFirst();
  return row ? toRow(row) : undefined;
}
