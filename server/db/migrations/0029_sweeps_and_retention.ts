import type { Kysely } from 'kysely';

/**
 * The daily sweeps (server/sweeps/) and the retention of personal data (issue 19).
 * `sweep_runs`: one row per sweep and business day, claimed by insert, so a daily sweep runs
 * once a day however many processes and hosts share the database (the primary key refuses the
 * second claim). `case_parties.pii_erased_at`: when the retention sweep erased the party's
 * numbers and addresses; from then on the number columns hold only their masked forms.
 * Written as it shipped: a migration never changes after that.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sweep_runs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('owner', 'text')
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('sweep_runs_pk', ['name', 'day'])
    .execute();
  await db.schema.alterTable('case_parties').addColumn('pii_erased_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('case_parties').dropColumn('pii_erased_at').execute();
  await db.schema.dropTable('sweep_runs').execute();
}
