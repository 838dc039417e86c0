import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { batchFiguresBothWays } from './batch-figures-fresh';
import { seedDatabaseForFile } from './seeded-database';

/**
 * 0040 on PGlite: the batches' summary rows are kept by statement triggers over transition
 * tables instead of 0031's row triggers, and stay equal to a fresh count through statements of
 * many rows (a status change of ten cases at once, a firm and an amount for several, an update of
 * no counted column, a delete), on the way up and again after the way down. SQLite
 * keeps its row triggers (0040 does nothing there).
 */
describe('0040: batch figures by statement, on pglite', () => {
  const fresh = seedDatabaseForFile('casedesk-0040-', { kind: 'pglite', cases: 80 });
  const db = () => fresh.handle.db;
  const triggers = async () =>
    (
      await sql<{ tgname: string }>`select tgname from pg_trigger
        where not tgisinternal and tgrelid = 'cases'::regclass and tgname like 'batch_%' order by tgname`.execute(
        db(),
      )
    ).rows.map((r) => r.tgname);

  /** Writes of many rows per statement, then the stored figures against a fresh count. */
  async function manyRowWrites(d: Kysely<Database>, offset: number) {
    const cases = await d.selectFrom('cases').select('id').orderBy('id').offset(offset).limit(30).execute();
    const ids = cases.map((c) => c.id);
    const firm = await d.selectFrom('law_firms').select('id').executeTakeFirstOrThrow();
    await d.transaction().execute(async (tx) => {
      await tx
        .updateTable('cases')
        .set({ status: 'closed', position: null })
        .where('id', 'in', ids.slice(0, 10))
        .execute();
      await tx
        .updateTable('cases')
        .set({ law_firm_id: firm.id, outstanding_fen: sql`outstanding_fen - 1` })
        .where('id', 'in', ids.slice(10, 20))
        .execute();
      await tx
        .updateTable('cases')
        .set({ position: 'pool', amount_fen: sql`amount_fen + 100` })
        .where('id', 'in', ids.slice(20, 25))
        .execute();
      await tx
        .updateTable('cases')
        .set({ updated_at: new Date().toISOString() })
        .where('id', 'in', ids)
        .execute();
    });
    // Two cases without repayments (what a batch has repaid stays with it, as 0031 kept it).
    const unpaid = await d
      .selectFrom('cases')
      .select('id')
      .where('id', 'in', ids.slice(25))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('ledger_entries as e').select('e.id').whereRef('e.case_id', '=', 'cases.id'))),
      )
      .limit(2)
      .execute();
    expect(unpaid.length).toBeGreaterThan(0);
    await d
      .deleteFrom('cases')
      .where(
        'id',
        'in',
        unpaid.map((u) => u.id),
      )
      .execute();
    const { stored, fresh: counted } = await batchFiguresBothWays(d);
    expect(stored).toEqual(counted);
  }

  it('replaces the row triggers by statement triggers that keep the same figures', async () => {
    expect(await triggers()).toEqual([
      'batch_figures_delete',
      'batch_figures_insert',
      'batch_figures_update',
    ]);
    const before = await batchFiguresBothWays(db());
    expect(before.stored).toEqual(before.fresh);
    await manyRowWrites(db(), 0);
  });

  it('goes back to the row triggers on the way down, still keeping them', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('0039_deadlines_in_hand')).error).toBeUndefined();
    expect(await triggers()).toEqual([
      'batch_firm_insert_delete',
      'batch_firm_update',
      'batch_position_insert_delete',
      'batch_position_update',
      'batch_status_insert_delete',
      'batch_status_update',
      'batch_sums_insert_delete',
      'batch_sums_update',
    ]);
    await manyRowWrites(db(), 30);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await manyRowWrites(db(), 50);
  });
});
