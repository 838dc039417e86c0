import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';

// biome-ignore lint/suspicious/noExplicitAny: any schema
type AnyDb = Kysely<any>;

/**
 * Loads many rows with the tables' secondary indexes built once afterwards instead of row by
 * row: each index of `tables` that enforces nothing (not the primary key, not unique, not
 * behind a constraint) is dropped before `load` and created again from its own definition
 * after it, whether `load` succeeds or fails. One sort per index at the end is far cheaper than
 * keeping a dozen b-trees and PostgreSQL's trigram GIN indexes current across a million
 * inserts. Meant for the seed, on a database nobody else is using yet: while `load` runs,
 * queries on these tables have no secondary index. If the process is killed inside `load`,
 * the indexes stay missing until the next `npm run seed -- --reset` (which rebuilds the schema).
 */
export async function withIndexesBuiltAfter<T>(
  db: AnyDb,
  tables: string[],
  load: () => Promise<T>,
): Promise<T> {
  const indexes = await secondaryIndexes(db, tables);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  try {
    return await load();
  } finally {
    await buildIndexes(db, indexes);
  }
}

interface IndexDefinition {
  name: string;
  definition: string;
}

async function secondaryIndexes(db: AnyDb, tables: string[]): Promise<IndexDefinition[]> {
  if (tables.length === 0) return [];
  if (dialectOf(db) === 'postgres') {
    const { rows } =
      await sql<IndexDefinition>`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      where t.relnamespace = current_schema()::regnamespace
        and t.relname in (${sql.join(tables)})
        and not i.indisprimary and not i.indisunique
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`.execute(db);
    return rows;
  }
  // SQLite: indexes a constraint makes (primary key, UNIQUE) have no sql; CREATE UNIQUE INDEX
  // ones enforce something, so they stay.
  const { rows } = await sql<IndexDefinition>`select name, sql as definition from sqlite_master
    where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})
    order by name`.execute(db);
  return rows.filter((r) => !/^\s*create\s+unique\s/i.test(r.definition));
}

async function buildIndexes(db: AnyDb, indexes: IndexDefinition[]): Promise<void> {
  if (indexes.length === 0) return;
  if (dialectOf(db) === 'postgres') {
    // One connection, with more memory for the sorts than the default 64 MB.
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      for (const index of indexes) await sql.raw(index.definition).execute(trx);
    });
    return;
  }
  for (const index of indexes) await sql.raw(index.definition).execute(db);
}
