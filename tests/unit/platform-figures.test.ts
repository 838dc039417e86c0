import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedDatabaseForFile } from './seeded-database';

/**
 * The platform figures' summary rows (migration 0037) against a fresh count of the cases, on
 * SQLite (row triggers) and PostgreSQL (statement triggers over transition tables), after the
 * seed and after every kind of write to `cases`: one-row and many-row inserts, updates of each
 * counted column and of none, deletes.
 */
const databases = [
  ['SQLite', seedDatabaseForFile('casedesk-figures-', { cases: 120 })],
  ['PostgreSQL', seedDatabaseForFile('casedesk-figures-pg-', { kind: 'pglite', cases: 60 })],
] as const;

async function counted(db: Kysely<Database>) {
  const statuses = await db
    .selectFrom('case_status_counts')
    .where('cases', '<>', 0)
    .select(['status', 'close_result', 'cases'])
    .orderBy('status')
    .orderBy('close_result')
    .execute();
  const months = await db
    .selectFrom('case_month_counts')
    .where('cases', '<>', 0)
    .select(['month', 'cases'])
    .orderBy('month')
    .execute();
  const lawyers = await db
    .selectFrom('lawyer_closed_counts')
    .where('closed', '<>', 0)
    .select(['lawyer_id', 'closed'])
    .orderBy('lawyer_id')
    .execute();
  return {
    statuses: statuses.map((r) => [r.status, r.close_result, Number(r.cases)]),
    months: months.map((r) => [r.month, Number(r.cases)]),
    lawyers: lawyers.map((r) => [r.lawyer_id, Number(r.closed)]),
  };
}

async function recounted(db: Kysely<Database>) {
  const { rows: statuses } = await sql<{ status: string; result: string; n: number }>`
    select status, coalesce(close_result, '') as result, count(*) as n from cases
    group by status, coalesce(close_result, '') order by status, result`.execute(db);
  const { rows: months } = await sql<{ month: string; n: number }>`
    select substr(created_at, 1, 7) as month, count(*) as n from cases group by substr(created_at, 1, 7) order by month`.execute(
    db,
  );
  const { rows: lawyers } = await sql<{ lawyer_id: number; n: number }>`
    select lawyer_id, count(*) as n from cases where lawyer_id is not null and close_result in ('mediated', 'repaid')
    group by lawyer_id order by lawyer_id`.execute(db);
  return {
    statuses: statuses.map((r) => [r.status, r.result, Number(r.n)]),
    months: months.map((r) => [r.month, Number(r.n)]),
    lawyers: lawyers.map((r) => [r.lawyer_id, Number(r.n)]),
  };
}

describe.each(databases)('the platform figures on %s', (_name, fresh) => {
  const db = () => fresh.handle.db;

  it('match a fresh count after the seed', async () => {
    const figures = await counted(db());
    expect(figures.statuses.length).toBeGreaterThan(2);
    expect(figures.lawyers.length).toBeGreaterThan(0);
    expect(figures).toEqual(await recounted(db()));
  });

  it('follow every kind of write to the cases, in the transaction that makes it', async () => {
    const template = await db()
      .selectFrom('cases')
      .selectAll()
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const lawyer = await db().selectFrom('lawyers').select('id').executeTakeFirstOrThrow();
    const { id: _id, ...row } = template;
    // Several rows in one statement (an import's batch), one of them from another month.
    await db()
      .insertInto('cases')
      .values([
        { ...row, case_no: 'FIG-0001' },
        { ...row, case_no: 'FIG-0002' },
        { ...row, case_no: 'FIG-0003', created_at: '2019-03-04T05:06:07.000Z' },
      ])
      .execute();
    expect(await counted(db())).toEqual(await recounted(db()));

    // Closed as repaid by a lawyer, then the lawyer changed, then reopened: each counted column.
    await db()
      .updateTable('cases')
      .set({ status: 'closed', close_result: 'repaid', lawyer_id: lawyer.id, position: 'closed' })
      .where('case_no', 'in', ['FIG-0001', 'FIG-0002'])
      .execute();
    expect(await counted(db())).toEqual(await recounted(db()));
    await db().updateTable('cases').set({ lawyer_id: null }).where('case_no', '=', 'FIG-0002').execute();
    await db()
      .updateTable('cases')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('case_no', '=', 'FIG-0003')
      .execute();
    // A write that changes no counted column changes nothing.
    await db().updateTable('cases').set({ title: '改名' }).where('case_no', 'like', 'FIG-%').execute();
    expect(await counted(db())).toEqual(await recounted(db()));

    // A transaction rolled back leaves the figures as they were.
    const before = await counted(db());
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .deleteFrom('case_terms')
            .where('case_id', 'in', trx.selectFrom('cases').select('id').where('case_no', 'like', 'FIG-%'))
            .execute();
          await trx
            .deleteFrom('case_parties')
            .where('case_id', 'in', trx.selectFrom('cases').select('id').where('case_no', 'like', 'FIG-%'))
            .execute();
          await trx.deleteFrom('cases').where('case_no', 'like', 'FIG-%').execute();
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await counted(db())).toEqual(before);

    await db()
      .deleteFrom('case_terms')
      .where('case_id', 'in', db().selectFrom('cases').select('id').where('case_no', 'like', 'FIG-%'))
      .execute();
    await db()
      .deleteFrom('case_parties')
      .where('case_id', 'in', db().selectFrom('cases').select('id').where('case_no', 'like', 'FIG-%'))
      .execute();
    await db().deleteFrom('cases').where('case_no', 'like', 'FIG-%').execute();
    expect(await counted(db())).toEqual(await recounted(db()));
  });

  it('come back from the cases when the migration is applied again', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const before = names[names.indexOf('0037_platform_figures') - 1];
    const later = names.slice(names.indexOf('0037_platform_figures'));
    // Down to just before 0037 (every later migration first), then up again.
    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toEqual([...later].reverse());
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await counted(db())).toEqual(await recounted(db()));
  });
});
