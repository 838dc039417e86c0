import type { Kysely } from 'kysely';

/**
 * Page descriptors saved by an administrator, every version kept: the newest version of a
 * page overrides the product's catalogue; reverting saves an old version again as the newest.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('page_descriptors')
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('descriptor', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    // Two saves racing for the same next version: the second is refused, never merged.
    .addPrimaryKeyConstraint('page_descriptors_pk', ['page_id', 'version'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('page_descriptors').execute();
}
