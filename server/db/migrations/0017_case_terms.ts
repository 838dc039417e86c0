import { type Kysely, sql } from 'kysely';
import { caseTermRows, insertTermRows } from '../../cases/search-terms';
import { dialectOf } from '../dialect-of';

/**
 * The keyword search's index (server/cases/search-terms.ts): one row per distinct bigram of a
 * case's title, debtor and client, keyed (term, case_id) so the postings of a term are one
 * range of the primary key; case_terms_case_idx finds a case's rows when it is edited or
 * deleted. On SQLite the table is WITHOUT ROWID: the key is the table, not an index beside it.
 * Existing cases are indexed here, 5,000 at a time by id, so a database of a million cases
 * gains the index on migrate.
 *
 * The backfill uses today's `termsOf`; a later change to what is indexed needs a migration
 * that rebuilds the table.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const BATCH = 5_000;

export async function up(db: Db): Promise<void> {
  let table = db.schema
    .createTable('case_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('case_terms_pkey', ['term', 'case_id']);
  if (dialectOf(db) === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex('case_terms_case_idx').on('case_terms').column('case_id').execute();

  let after = 0;
  for (;;) {
    const cases = await db
      .selectFrom('cases')
      .select(['id', 'title', 'debtor_name', 'client_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (cases.length === 0) break;
    await insertTermRows(
      db,
      caseTermRows(
        cases.map((c) => c.id),
        cases,
      ),
    );
    after = cases[cases.length - 1].id;
  }
  // PostgreSQL plans from statistics, and a table just filled has none until autovacuum gets
  // to it: without them a rare term's postings were estimated as a third of the table and a
  // keyword search at a million cases took seconds instead of milliseconds.
  if (dialectOf(db) === 'postgres') await sql`analyze case_terms`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('case_terms').execute();
}
