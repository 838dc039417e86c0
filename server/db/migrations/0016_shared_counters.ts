import type { Kysely } from 'kysely';

/**
 * Throttle counters every server process shares (server/http/throttle-store.ts,
 * `databaseThrottleStore`): one row per throttle key (throttle and client address) holding the
 * requests counted in its current window and when that window closes, in epoch milliseconds
 * (bigint: past 2^31). Closed windows are deleted as requests go by, so the table holds about
 * one row per client seen in the last minute.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('throttle_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_windows_reset_idx')
    .on('throttle_windows')
    .column('reset_at_ms')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('throttle_windows').execute();
}
