import { type Kysely, sql } from 'kysely';
import type { MessageKey } from '../../contract/messages';
import type { StaleData } from '../../contract/reviews';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';

/**
 * The one review decision of the product: of an application still under review, taken on the
 * version the reviewer read. Every reviewed thing (law firms, lawyers, certifications; letters
 * may adopt it) names its table, its status and reason columns and its audit entity here, and
 * calls `decide` inside its transaction:
 *
 * - the version the reviewer read differs from the stored one: 409 `review.changed` with
 *   `data: {version, savedBy, savedAt}` (who changed it last, from the audit log, and when);
 * - the version matches but the thing is not under review (passed, rejected, withdrawn,
 *   suspended): 409 `review.notUnderReview`;
 * - otherwise the decision is stored with the reviewer and the time, and the version goes up by
 *   one. The update names both the version and the status it read, so of two reviewers racing
 *   exactly one wins; the other gets the 409 with the winner's figures.
 */
export interface Reviewable {
  table: 'law_firms' | 'lawyers' | 'certifications' | 'repayment_plans';
  statusColumn: 'review_status' | 'status';
  reasonColumn: 'review_reason' | 'reason';
  /** The audit log's entity name (who last changed it is read from there). */
  entity: string;
  /** The message of a 409 on a thing that is no longer under review. */
  notUnderReview?: MessageKey;
  /** Its status while under review, when not `auditing` (a plan: `pendingApproval`). */
  underReview?: string;
  /** The statuses a decision stores, when not `passed` / `rejected` (a plan passed is `active`). */
  outcomes?: { passed: string; rejected: string };
}

export const REVIEWABLE = {
  lawFirm: {
    table: 'law_firms',
    statusColumn: 'review_status',
    reasonColumn: 'review_reason',
    entity: 'law_firm',
  },
  lawyer: {
    table: 'lawyers',
    statusColumn: 'review_status',
    reasonColumn: 'review_reason',
    entity: 'lawyer',
  },
  certification: {
    table: 'certifications',
    statusColumn: 'status',
    reasonColumn: 'reason',
    entity: 'certification',
  },
  plan: {
    table: 'repayment_plans',
    statusColumn: 'status',
    reasonColumn: 'review_reason',
    entity: 'plan',
    notUnderReview: 'plan.notPending',
    underReview: 'pendingApproval',
    outcomes: { passed: 'active', rejected: 'rejected' },
  },
} as const satisfies Record<string, Reviewable>;

/** The status of everything under review. */
export const UNDER_REVIEW = 'auditing';

export interface ReviewChoice {
  status: 'passed' | 'rejected';
  reason?: string | null;
  /** The version the reviewer read. */
  version: number;
}

// The reviewed tables differ only in the column names above; one untyped handle serves them all.
// biome-ignore lint/suspicious/noExplicitAny: the table and column names come from REVIEWABLE
type AnyDb = Kysely<any>;

/** Who changed it last and when, from its audit entries (null for rows older than the log). */
export async function lastChange(
  db: Kysely<Database>,
  entity: string,
  id: number,
): Promise<{ id: number | null; name: string; at: string } | null> {
  const row = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.actor_id', 'u.name', 'a.at'])
    .where('a.entity', '=', entity)
    .where('a.entity_id', '=', String(id))
    .orderBy('a.id', 'desc')
    .executeTakeFirst();
  return row ? { id: row.actor_id, name: row.name ?? '', at: row.at } : null;
}

/** The 409 of a decision (or any change) taken on an older version than the stored one. */
export async function staleConflict(
  db: Kysely<Database>,
  what: Pick<Reviewable, 'entity'>,
  id: number,
  version: number,
) {
  const last = await lastChange(db, what.entity, id);
  const data: StaleData = {
    version,
    savedBy: last?.id ? { id: last.id, name: last.name } : null,
    savedAt: last?.at ?? null,
  };
  return fail.conflict('review.changed', {}, [{ path: 'version', message: 'review.changed' }], data);
}

/** Refuses a change taken on another version than the stored one (409 with the stored figures). */
export async function assertVersion(
  db: Kysely<Database>,
  what: Pick<Reviewable, 'entity' | 'table'>,
  id: number,
  version: number,
): Promise<void> {
  const row = await (db as AnyDb)
    .selectFrom(what.table)
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst();
  if (row && Number(row.version) !== version) throw await staleConflict(db, what, id, Number(row.version));
}

/**
 * Stores a review decision on `id` if it is still under review at the version read; throws the
 * 409s above otherwise. Runs inside the caller's transaction (which also writes the audit row,
 * tells the applicant, ends sessions on a rejection ...). Answers the new version.
 */
export async function decide(
  trx: Kysely<Database>,
  what: Reviewable,
  id: number,
  choice: ReviewChoice,
  who: { userId: number; at: Date },
): Promise<{ version: number; reason: string | null }> {
  const db = trx as AnyDb;
  const current = await db
    .selectFrom(what.table)
    .select(['version', `${what.statusColumn} as status`])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw fail.notFound('review.notFound');
  if (Number(current.version) !== choice.version)
    throw await staleConflict(trx, what, id, Number(current.version));
  const underReview = what.underReview ?? UNDER_REVIEW;
  if (current.status !== underReview) throw fail.conflict(what.notUnderReview ?? 'review.notUnderReview');
  const reason = choice.status === 'rejected' ? (choice.reason ?? null) : null;
  const result = await db
    .updateTable(what.table)
    .set({
      [what.statusColumn]: what.outcomes?.[choice.status] ?? choice.status,
      [what.reasonColumn]: reason,
      reviewer_id: who.userId,
      reviewed_at: who.at.toISOString(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', choice.version)
    .where(what.statusColumn, '=', underReview)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const now = await db.selectFrom(what.table).select('version').where('id', '=', id).executeTakeFirst();
    throw await staleConflict(trx, what, id, Number(now?.version ?? choice.version));
  }
  return { version: choice.version + 1, reason };
}
