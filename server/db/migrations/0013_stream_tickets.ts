import type { Kysely } from 'kysely';

/**
 * One-time tickets that open the live message stream (GET /api/notifications/stream).
 * EventSource cannot send an Authorization header, so the browser trades its session for a
 * ticket first; only the ticket's hash is kept, with the hash of the session token it stands
 * for. In the database, not in memory, so any of several processes can redeem it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stream_tickets_expiry_idx')
    .on('stream_tickets')
    .column('expires_at')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stream_tickets').execute();
}
