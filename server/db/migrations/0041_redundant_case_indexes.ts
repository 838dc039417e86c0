import type { Kysely } from 'kysely';

/**
 * Two indexes of migration 0034 that repeat others, dropped: `cases_session_idx` is
 * `cases_court_session_idx` of 0003 again (court_session_at), and `cases_entrust_idx`
 * (entrust_expires_on) is the first column of `cases_entrust_status_idx` of 0007, which serves
 * every lookup and range by the expiry day alone as well. Every case written kept both up for
 * nothing: `cases` has 33 indexes, and an import's or a bulk job's time is mostly theirs.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('cases_session_idx').execute();
  await db.schema.dropIndex('cases_entrust_idx').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.createIndex('cases_entrust_idx').on('cases').columns(['entrust_expires_on']).execute();
  await db.schema.createIndex('cases_session_idx').on('cases').columns(['court_session_at']).execute();
}
