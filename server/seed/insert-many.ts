import type { Insertable, Kysely } from 'kysely';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/schema';

/**
 * The seed's bulk inserts, typed by the schema: server/db/bulk-insert.ts picks each database's
 * fastest way (multi-row VALUES on SQLite, one JSON parameter per 10,000 rows on PostgreSQL).
 * Returns the new ids in insert order when asked.
 */
export function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  opts: { returnIds?: boolean } = {},
): Promise<number[]> {
  return bulkInsert(db, table, rows as unknown as Record<string, unknown>[], opts);
}
