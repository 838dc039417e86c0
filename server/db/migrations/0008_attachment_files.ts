import type { Kysely } from 'kysely';

/**
 * Attachments get real files: `stored_key` names the file under the uploads directory
 * (`<data dir>/uploads/<case id>/<stored_key>`), never the client's file name. Rows from
 * before (the demo data) have none, and their download answers 404.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('case_attachments').addColumn('stored_key', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('case_attachments').dropColumn('stored_key').execute();
}
