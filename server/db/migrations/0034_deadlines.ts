import type { Kysely } from 'kysely';

/**
 * The deadline sweep (issue 20, server/deadlines/). `deadline_acts`: one row per deadline
 * occurrence the product acted on (an unanswered push, an entrustment warning, a court
 * reminder, ...), inserted in the acting transaction: the primary key refuses a second act on
 * the same occurrence, whichever process or host sweeps. `push_lapses`: the pushes a firm let
 * lapse, so routing never sends a case back to a firm that let it lapse. `cases.entrust_expired_on`:
 * the expiry day the sweep flagged (委托已到期) on a case in processing; cleared when extended.
 *
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('deadline_acts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('occurrence', 'text', (c) => c.notNull())
    .addColumn('acted_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addPrimaryKeyConstraint('deadline_acts_pk', ['kind', 'subject', 'occurrence'])
    .execute();
  await db.schema
    .createTable('push_lapses')
    .addColumn('push_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('law_firm_id', 'integer', (c) => c.notNull())
    .addColumn('lapsed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_lapses_case_idx').on('push_lapses').columns(['case_id']).execute();
  await db.schema.alterTable('cases').addColumn('entrust_expired_on', 'text').execute();
  await db.schema
    .createIndex('case_pushes_waiting_idx')
    .on('case_pushes')
    .columns(['push_status', 'pushed_at'])
    .execute();
  await db.schema.createIndex('cases_entrust_idx').on('cases').columns(['entrust_expires_on']).execute();
  await db.schema.createIndex('cases_session_idx').on('cases').columns(['court_session_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('cases_session_idx').execute();
  await db.schema.dropIndex('cases_entrust_idx').execute();
  await db.schema.dropIndex('case_pushes_waiting_idx').execute();
  await db.schema.alterTable('cases').dropColumn('entrust_expired_on').execute();
  await db.schema.dropTable('push_lapses').execute();
  await db.schema.dropTable('deadline_acts').execute();
}
