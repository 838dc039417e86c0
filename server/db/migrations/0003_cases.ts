import type { Kysely } from 'kysely';

/**
 * Indexes for the case pages' filter and sort combinations, measured on a million cases
 * (server/cases/README.md has the figures). Without them SQLite sorts hundreds of thousands
 * of rows for a page of twenty: a firm's or a lawyer's cases by creation time, a status sorted
 * by amount or court session, a lawyer's pool count, the stage × status statistics, and the push and
 * follow-up lists.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const INDEXES: ReadonlyArray<readonly [name: string, table: string, columns: string[]]> = [
  ['cases_status_created_idx', 'cases', ['status', 'created_at']],
  ['cases_firm_created_idx', 'cases', ['law_firm_id', 'created_at']],
  ['cases_pool_idx', 'cases', ['status', 'lawyer_id', 'law_firm_id', 'created_at']],
  ['cases_lawyer_created_idx', 'cases', ['lawyer_id', 'created_at']],
  ['cases_amount_idx', 'cases', ['amount_fen']],
  ['cases_status_amount_idx', 'cases', ['status', 'amount_fen']],
  ['cases_court_session_idx', 'cases', ['court_session_at']],
  ['cases_status_court_session_idx', 'cases', ['status', 'court_session_at']],
  ['cases_stage_status_idx', 'cases', ['stage', 'status']],
  ['case_pushes_pushed_idx', 'case_pushes', ['pushed_at']],
  ['payment_follow_ups_followed_idx', 'payment_follow_ups', ['followed_at']],
];

export async function up(db: Db): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
