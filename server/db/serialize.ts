import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect-of';
import type { Database } from './schema';

/**
 * Inside a transaction, waits until no other transaction holds `key`, and holds it until this
 * one ends: for a read-then-write that must not interleave with itself (count a phone's
 * failures, then claim one more). PostgreSQL runs transactions side by side (READ COMMITTED),
 * so it takes a transaction-scoped advisory lock on the key's hash; SQLite runs one writing
 * transaction at a time on its connection already.
 */
export async function serializeOn(trx: Kysely<Database>, key: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
