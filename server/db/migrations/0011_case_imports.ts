import { type Kysely, sql } from 'kysely';
import { idColumn } from './portable';

/**
 * Case imports (server/cases/imports/): one job row per uploaded spreadsheet, with its counts
 * and the first 100 refused rows (JSON, reasons as message keys and parameters so each reader
 * sees them in their language), and every refused row with its cells in `case_import_rows`,
 * for the errors download.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('case_imports')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('all', 'valid')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('case_imports_created_idx')
    .on('case_imports')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('case_import_rows')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('case_imports.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_import_rows_import_idx')
    .on('case_import_rows')
    .columns(['import_id', 'row_no'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('case_import_rows').execute();
  await db.schema.dropTable('case_imports').execute();
}
