import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * The keyword search's index (server/cases/search-terms.ts): one row per distinct bigram of a
 * case's title, debtor and client, keyed (term, case_id) so the postings of a term are one
 * range of the primary key; case_terms_case_idx finds a case's rows when it is edited or
 * deleted. On SQLite the table is WITHOUT ROWID: the key is the table, not an index beside it.
 * Existing cases are indexed here, 5,000 at a time by id, so a database of a million cases
 * gains the index on migrate.
 *
 * The backfill indexes with its own copy of what server/cases/search-terms.ts `termsOf` did when
 * this migration shipped (below), so the migration never changes after it ran: a later change
 * to what is indexed needs a migration of its own that rebuilds the table.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const BATCH = 5_000;

/** Rows per INSERT: two parameters each, well under SQLite's 32,766 and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 10_000;

/**
 * A character every database's lower() leaves alone and produces from nothing else: only
 * bigrams of two such characters are indexed (server/cases/search-terms.ts says why).
 */
const CASELESS = /^[^\p{Cased}\p{Changes_When_Casemapped}\p{M}]$/u;

interface TermFields {
  title: string;
  debtor_name: string;
  client_name: string;
}

function bigramsInto(terms: Set<string>, text: string): void {
  const chars = Array.from(text);
  for (let i = 0; i + 1 < chars.length; i++) {
    if (CASELESS.test(chars[i]) && CASELESS.test(chars[i + 1])) terms.add(chars[i] + chars[i + 1]);
  }
}

/** The distinct indexed bigrams of a case's searched fields (no bigram spans two fields). */
function termsOf(fields: TermFields): string[] {
  const terms = new Set<string>();
  bigramsInto(terms, fields.title);
  bigramsInto(terms, fields.debtor_name);
  bigramsInto(terms, fields.client_name);
  return [...terms];
}

async function insertTermsOf(db: Db, cases: ReadonlyArray<TermFields & { id: number }>): Promise<void> {
  const rows = cases.flatMap((c) => termsOf(c).map((term) => ({ term, case_id: c.id })));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('case_terms')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

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
    await insertTermsOf(db, cases);
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
