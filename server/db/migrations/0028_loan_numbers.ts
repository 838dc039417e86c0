import type { Kysely } from 'kysely';

/**
 * Issue 19's import columns: a case's loan number (借据号, `cases.loan_no`, nullable, indexed so
 * a case is found by it), and the sheet a refused import row came from
 * (`case_import_rows.sheet`: the main sheet's name in the file, or 当事人; null for rows refused
 * before this migration, all from the main sheet).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('cases').addColumn('loan_no', 'text').execute();
  await db.schema.createIndex('cases_loan_no_idx').on('cases').column('loan_no').execute();
  await db.schema.alterTable('case_import_rows').addColumn('sheet', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('case_import_rows').dropColumn('sheet').execute();
  await db.schema.dropIndex('cases_loan_no_idx').execute();
  await db.schema.alterTable('cases').dropColumn('loan_no').execute();
}
