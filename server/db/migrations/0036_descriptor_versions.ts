import type { Kysely } from 'kysely';

/**
 * Versions that cannot overwrite each other (issue 21): every save of a role's menu is a row of
 * `menu_versions` (a reset too, with `tree` null: the role follows the product's route table
 * again; versions never decrease), and each page and each role's menu has one shared draft in
 * `descriptor_drafts`, the editors' work in progress, never served to users.
 *
 * Menus stored before this migration become their role's version 1 (who saved it and when as
 * the row says), so an editor that loads one publishes with `If-Match: "1"`.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('menu_versions')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON of the tree as stored in `menus.tree`; null: a reset to the product's route table.
    .addColumn('tree', 'text')
    .addColumn('known_routes', 'text')
    // save | reset | revert
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    // Two saves racing for the same next version: the second is refused, never merged.
    .addPrimaryKeyConstraint('menu_versions_pk', ['role', 'version'])
    .execute();
  await db.schema
    .createTable('descriptor_drafts')
    // page | menu
    .addColumn('kind', 'text', (c) => c.notNull())
    // a page id or a role
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // the published version the draft was started from
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('descriptor_drafts_pk', ['kind', 'target'])
    .execute();
  const menus = (await db
    .selectFrom('menus')
    .select(['role', 'tree', 'known_routes', 'updated_by', 'updated_at'])
    .execute()) as Array<{
    role: string;
    tree: string;
    known_routes: string | null;
    updated_by: number | null;
    updated_at: string;
  }>;
  for (const row of menus) {
    await db
      .insertInto('menu_versions')
      .values({
        role: row.role,
        version: 1,
        tree: row.tree,
        known_routes: row.known_routes,
        kind: 'save',
        saved_by: row.updated_by,
        saved_at: row.updated_at,
      })
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('descriptor_drafts').execute();
  await db.schema.dropTable('menu_versions').execute();
}
