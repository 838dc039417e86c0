import type { Kysely } from 'kysely';
import { bytesType } from './portable';

/**
 * Files kept in the database (`STORAGE=database`, server/storage/database.ts): attachments and
 * generated letter PDFs reach every host that shares the database, whatever its disk.
 * `stored_file_chunks` holds the bytes in rows of at most 256 KiB, keyed (key, chunk_no), so a
 * 20 MB file is never one value; `stored_files` is written once every chunk is, so a file
 * half-written is never served. A letter remembers the key of its stored PDF (`pdf_key`);
 * null for letters from before (rendered on demand, as they were).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('chunk_no', 'integer', (c) => c.notNull())
    .addColumn('data', bytesType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['key', 'chunk_no'])
    .execute();
  await db.schema.alterTable('law_firm_letters').addColumn('pdf_key', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('law_firm_letters').dropColumn('pdf_key').execute();
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
