import type { Kysely } from 'kysely';
import { type Ability, scopeOf } from '../../contract/access';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { LetterListQuery, LetterRow } from '../../contract/firm-api';
import type { Paged } from '../../contract/paging';
import { viewerOf } from '../cases/scope';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import type { Caller } from '../http/route';
import { type FirmScope, firmScopeOf } from '../lawfirms/scope';

/**
 * Which letters a caller sees through an ability: a firm's scope (every firm's, their own
 * firm's, none), or for a lawyer holding it `own`, the letters they wrote.
 */
export type LetterScope = FirmScope | { kind: 'own'; lawyerId: number };

export async function letterScopeOf(
  db: Kysely<Database>,
  caller: Caller,
  ability: Ability,
): Promise<LetterScope> {
  if (scopeOf(ability, caller.role) !== 'own') return firmScopeOf(caller, ability);
  const { lawyerId } = await viewerOf(db, caller);
  return lawyerId === null ? { kind: 'none' } : { kind: 'own', lawyerId };
}

const SORT_COLUMNS = { submittedAt: 'l.submitted_at', reviewedAt: 'l.reviewed_at' } as const;

const letters = (db: Kysely<Database>) => db.selectFrom('law_firm_letters as l');
type LetterQuery = ReturnType<typeof letters>;

/** The letters in the scope that meet the filters (not sorted, not paged). */
function matching(db: Kysely<Database>, scope: LetterScope, query: Partial<LetterListQuery>): LetterQuery {
  let q = letters(db);
  if (scope.kind === 'none') return q.where('l.id', 'is', null);
  if (scope.kind === 'firm') q = q.where('l.law_firm_id', '=', scope.firmId);
  if (scope.kind === 'own') q = q.where('l.lawyer_id', '=', scope.lawyerId);
  const { keyword, status, lawFirmId } = query;
  if (status?.length) q = q.where('l.status', 'in', status);
  if (keyword) q = q.where((eb) => eb.or(['l.letter_no', 'l.title'].map((c) => containsText(c, keyword))));
  if (lawFirmId !== undefined) q = q.where('l.law_firm_id', '=', lawFirmId);
  if (query.submittedFrom) q = q.where('l.submitted_at', '>=', businessDayStart(query.submittedFrom));
  if (query.submittedTo) q = q.where('l.submitted_at', '<', businessDayEnd(query.submittedTo));
  return q;
}

function withNames(q: LetterQuery) {
  return q
    .innerJoin('law_firms as f', 'f.id', 'l.law_firm_id')
    .leftJoin('cases as c', 'c.id', 'l.case_id')
    .leftJoin('users as r', 'r.id', 'l.reviewer_id')
    .select((eb) => [
      'l.id',
      'l.letter_no',
      'l.title',
      'l.file_url',
      'l.status',
      'l.law_firm_id',
      'f.name as firm_name',
      'l.case_id',
      'c.case_no',
      'l.submitted_at',
      'r.name as reviewer_name',
      'l.reviewed_at',
      'l.reason',
      'l.template',
      'l.version',
      eb
        .selectFrom('audit_log as a')
        .where('a.entity', '=', 'letter')
        .where((s) => s('a.entity_id', '=', s.cast<string>(s.ref('l.id'), 'text')))
        .where('a.action', '=', 'letter.resubmit')
        .select((s) => s.fn.countAll<number>().as('n'))
        .as('resubmissions'),
    ]);
}

type LetterRecord = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

function toRow(l: LetterRecord): LetterRow {
  return {
    id: l.id,
    letterNo: l.letter_no,
    title: l.title,
    fileUrl: l.file_url,
    status: l.status as LetterRow['status'],
    lawFirmId: l.law_firm_id,
    lawFirmName: l.firm_name,
    caseId: l.case_id,
    caseNo: l.case_no,
    submittedAt: l.submitted_at,
    reviewerName: l.reviewer_name,
    reviewedAt: l.reviewed_at,
    reason: l.reason,
    template: l.template as LetterRow['template'],
    written: l.template !== null,
    resubmissions: Number(l.resubmissions ?? 0),
    version: Number(l.version),
  };
}

/** A page of the letters in the caller's scope (along law_firm_letters_status_idx when a status is asked). */
export async function listLetters(
  db: Kysely<Database>,
  scope: LetterScope,
  query: LetterListQuery,
): Promise<Paged<LetterRow>> {
  const base = matching(db, scope, query);
  const dir = query.sortOrder;
  const [rows, count] = await Promise.all([
    withNames(base)
      .orderBy(SORT_COLUMNS[query.sortField], (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('l.id', dir)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRow), total: Number(count.n) };
}

/** One letter in the scope, or undefined (out of scope reads as missing). */
export async function letterInScope(
  db: Kysely<Database>,
  scope: LetterScope,
  id: number,
): Promise<LetterRow | undefined> {
  const row = await withNames(matching(db, scope, {}).where('l.id', '=', id)).executeTakeFirst();
  return row ? toRow(row) : undefined;
}
