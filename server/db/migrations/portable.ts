import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * What the migrations spell differently on SQLite and PostgreSQL. The SQL they produce on
 * SQLite is the same as before PostgreSQL arrived, so databases migrated then stay valid.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

/**
 * An `id integer` primary key the database numbers: SQLite's AUTOINCREMENT, PostgreSQL's
 * identity column (by default, so rows copied with their ids keep them; see `afterCopyWithIds`).
 */
export const idColumn =
  (db: Db) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialectOf(db) === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity().notNull()
      : c.primaryKey().autoIncrement().notNull();

/** After rows were copied into `table` with their ids, PostgreSQL's numbering continues past them. */
export async function afterCopyWithIds(db: Db, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/** A column of raw bytes: SQLite's blob, PostgreSQL's bytea (both read back as bytes). */
export const bytesType = (db: Db) => (dialectOf(db) === 'postgres' ? 'bytea' : 'blob');
