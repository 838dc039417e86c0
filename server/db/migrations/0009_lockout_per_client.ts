import { type Kysely, sql } from 'kysely';

/**
 * Wrong passwords count per phone AND client address, so a stranger cannot lock a known user
 * out; a higher ceiling per phone (every address together, client_address '*' in the locks)
 * stops guessing spread over many addresses. Failures older than the window are pruned, so
 * rows for phones nobody owns cannot pile up: hence the index on failed_at. Locks from before
 * become locks of the phone from every address; failures from before count as one unknown
 * address ('').
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('client_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('login_failures_client_idx')
    .on('login_failures')
    .columns(['phone', 'client_address', 'failed_at'])
    .execute();
  await db.schema.createIndex('login_failures_time_idx').on('login_failures').column('failed_at').execute();

  // The primary key grows a column: a new table, the old locks copied over.
  await db.schema.alterTable('login_locks').renameTo('login_locks_0008').execute();
  await db.schema
    .createTable('login_locks')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_locks_pk', ['phone', 'client_address'])
    .execute();
  await db
    .insertInto('login_locks')
    .columns(['phone', 'client_address', 'locked_until'])
    .expression(
      db.selectFrom('login_locks_0008').select(['phone', sql.lit('*').as('client_address'), 'locked_until']),
    )
    .execute();
  await db.schema.dropTable('login_locks_0008').execute();
  await db.schema.createIndex('login_locks_time_idx').on('login_locks').column('locked_until').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('login_locks').renameTo('login_locks_0009').execute();
  await db.schema
    .createTable('login_locks')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('login_locks')
    .columns(['phone', 'locked_until'])
    .expression(
      db
        .selectFrom('login_locks_0009')
        .select(['phone', (eb) => eb.fn.max('locked_until').as('locked_until')])
        .groupBy('phone'),
    )
    .execute();
  await db.schema.dropTable('login_locks_0009').execute();
  await db.schema.dropIndex('login_failures_time_idx').execute();
  await db.schema.dropIndex('login_failures_client_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('client_address').execute();
}
