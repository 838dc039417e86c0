import { type Kysely, sql } from 'kysely';

/**
 * How many postings each bigram of the keyword index has had (`case_term_counts`), so that a
 * common bigram stops being indexed once it has more than a search would ever read
 * (server/cases/search-terms.ts): a bigram with more than 5,000 postings never drives a
 * search, so its postings are only weight on every write (an import of 100,000 cases wrote 2.5
 * million, most of them for 借款, 银行, 有限 and their like). The count only grows; a bigram
 * counted past 5,000 keeps no postings. Existing counts come from the index as it stands, and
 * the postings of bigrams already past the limit go.
 * Written as it shipped: a migration never changes after that (its own copy of the limit).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

const KEPT = 5000;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('case_term_counts')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('postings', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into case_term_counts (term, postings)
    select term, count(*) from case_terms group by term`.execute(db);
  await sql`delete from case_terms where term in
    (select term from case_term_counts where postings > ${sql.lit(KEPT)})`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('case_term_counts').execute();
}
