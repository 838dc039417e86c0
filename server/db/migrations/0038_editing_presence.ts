import type { Kysely } from 'kysely';

/**
 * Who has an editor open (issue 21, server/presence/): one row per page or role's menu and
 * session, refreshed by the editor's heartbeat and gone when it leaves. A row whose heartbeat
 * stopped is simply no longer read (and cleared by the next heartbeat on the same target), so
 * every process on one database sees the same editors.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('editing_presence')
    // `page:<id>` or `menu:<role>`
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('editing_presence_pk', ['target', 'session_id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('editing_presence').execute();
}
