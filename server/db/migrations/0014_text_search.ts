import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Case-insensitive "contains" search (server/db/text-search.ts: `lower(column) LIKE
 * lower('%text%')`) served by trigram indexes on PostgreSQL: pg_trgm's GIN indexes on lower()
 * of the searched case columns, so a keyword search over a million cases reads the index,
 * not the table. Where pg_trgm is not installed the search still works, by a scan. SQLite has
 * no such index (a scan there, as before); nothing changes on it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const SEARCHED = ['case_no', 'title', 'debtor_name', 'client_name'] as const;

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of SEARCHED) {
    await sql`create index if not exists ${sql.id(`cases_${column}_trgm_idx`)} on cases
      using gin (lower(${sql.id(column)}) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const column of SEARCHED)
    await sql`drop index if exists ${sql.id(`cases_${column}_trgm_idx`)}`.execute(db);
}
