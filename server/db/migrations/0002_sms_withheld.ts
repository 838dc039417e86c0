import { type Kysely, sql } from 'kysely';

/**
 * A reset or bind code asked for an unknown phone is not sent, but the request is still
 * recorded, so the 60 s cool-down answers for it exactly as for a known phone. Such rows
 * are `delivered = 0` and spent from the start.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('sms_outbox')
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(1).check(sql`delivered in (0, 1)`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sms_outbox').dropColumn('delivered').execute();
}
