import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrate';
import { batchFiguresBothWays } from './batch-figures-fresh';
import { seedDatabaseForFile } from './seeded-database';

/**
 * 0031 on a database that has cases with free-text 委托方 names (the seed's, taken back to 0030):
 * every name becomes one creditor, each creditor's cases one batch, and the batches' summary rows
 * equal a fresh count, then stay equal through writes of every kind (the triggers). SQLite and PGlite.
 */
describe.each(['sqlite', 'pglite'] as const)('0031: creditors and batches, on %s', (kind) => {
  const fresh = seedDatabaseForFile(`casedesk-0031-${kind}-`, { kind, cases: 80 });
  const db = () => fresh.handle.db;

  it('makes a creditor of every 委托方 name and puts every case in its creditor’s batch', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('0030_term_counts')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const names = await db().selectFrom('cases').select('client_name').distinct().execute();
    const creditors = await db().selectFrom('creditors').select(['id', 'name']).execute();
    expect(creditors.map((c) => c.name).sort()).toEqual(names.map((n) => n.client_name).sort());
    const misplaced = await sql<{ n: number }>`select count(*) as n from cases c
      join creditors r on r.id = c.creditor_id join case_batches b on b.id = c.batch_id
      where r.name <> c.client_name or b.creditor_id <> c.creditor_id`.execute(db());
    expect(Number(misplaced.rows[0].n)).toBe(0);
    const unplaced = await db()
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('creditor_id', 'is', null), eb('batch_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(Number(unplaced.n)).toBe(0);
    expect(await db().selectFrom('case_batches').select('id').execute()).toHaveLength(creditors.length);

    const { stored, fresh: counted } = await batchFiguresBothWays(db());
    expect(stored).toEqual(counted);
  });

  it('keeps the summary rows equal to a fresh count through updates, repayments, reversals and charges', async () => {
    const cases = await db().selectFrom('cases').select(['id', 'batch_id']).orderBy('id').execute();
    const batches = await db().selectFrom('case_batches').select('id').execute();
    const firm = await db().selectFrom('law_firms').select('id').executeTakeFirstOrThrow();
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx
          .updateTable('cases')
          .set({ status: 'closed', position: null })
          .where('id', '=', cases[0].id)
          .execute();
        await tx.updateTable('cases').set({ law_firm_id: firm.id }).where('id', '=', cases[1].id).execute();
        await tx
          .updateTable('cases')
          .set({ law_firm_id: null, position: 'pool' })
          .where('id', '=', cases[2].id)
          .execute();
        await tx
          .updateTable('cases')
          .set({ amount_fen: 123_456, outstanding_fen: 100_000 })
          .where('id', '=', cases[3].id)
          .execute();
        await tx
          .updateTable('cases')
          .set({ batch_id: batches.at(-1)?.id })
          .where('id', '=', cases[4].id)
          .execute();
      });
    const entry = (caseId: number, kind: string, amountFen: number, bookedOn: string, reversesId?: number) =>
      db()
        .insertInto('ledger_entries')
        .values({
          case_id: caseId,
          kind,
          amount_fen: amountFen,
          booked_on: bookedOn,
          principal_fen: amountFen,
          interest_fen: 0,
          penalty_fen: 0,
          fees_fen: 0,
          reverses_id: reversesId ?? null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const paid = await entry(cases[5].id, 'repayment', 50_000, '2026-06-02');
    await entry(cases[6].id, 'repayment', 7_000, '2026-06-02');
    await entry(cases[5].id, 'reversal', 50_000, '2026-06-09', paid.id);
    await entry(cases[7].id, 'charge', 9_900, '2026-06-03');

    const { stored, fresh: counted } = await batchFiguresBothWays(db());
    expect(stored).toEqual(counted);
  });
});
