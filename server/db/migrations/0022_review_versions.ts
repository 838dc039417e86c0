import type { Kysely } from 'kysely';
import { idColumn } from './portable';

/**
 * Review decisions name what the reviewer read (issue 18): certifications, law firms and lawyers
 * gain `version` (1 when created, +1 on every change, a resubmission included). A firm or lawyer
 * that passed review may be suspended (`suspended_at`, `suspend_reason`; null when not) and the
 * suspension lifted; review_status keeps its three values. A certification may be personal (a
 * lawyer's, with the practising licence number) and carries the licence image the applicant
 * uploaded (`licence_file_key`, `licence_file_name`, in the file storage under
 * `certifications/<user id>/`); `certification_files` holds uploads not yet sent with an
 * application. Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  for (const table of ['law_firms', 'lawyers']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable(table).addColumn('suspended_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('suspend_reason', 'text').execute();
  }
  await db.schema
    .alterTable('certifications')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('certifications').addColumn('licence_no', 'text').execute();
  await db.schema.alterTable('certifications').addColumn('licence_file_key', 'text').execute();
  await db.schema.alterTable('certifications').addColumn('licence_file_name', 'text').execute();
  await db.schema
    .createTable('certification_files')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('stored_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certification_files_user_idx')
    .on('certification_files')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('certification_files').execute();
  for (const column of ['licence_file_name', 'licence_file_key', 'licence_no', 'version']) {
    await db.schema.alterTable('certifications').dropColumn(column).execute();
  }
  for (const table of ['law_firms', 'lawyers']) {
    for (const column of ['suspend_reason', 'suspended_at', 'version']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
