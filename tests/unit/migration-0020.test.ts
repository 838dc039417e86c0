import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../server/db/migrate';
import { seedDatabaseForFile } from './seeded-database';

/**
 * 0020 moves the cases review sent back before it (awaiting review, with a return reason) to
 * their own position `returned`, on SQLite and on PostgreSQL (PGlite) alike.
 */
describe.each(['sqlite', 'pglite'] as const)('0020: returned cases on %s', (kind) => {
  const database = seedDatabaseForFile(`casedesk-0020-${kind}-`, { kind, cases: 30 });

  it('moves a case returned for correction to `returned`, and leaves a new one awaiting review', async () => {
    const db = database.handle.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.getMigrations();
    const previous = before[before.findIndex((m) => m.name === '0020_returned_position') - 1].name;
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const [returned, fresh] = await db
      .selectFrom('cases')
      .select(['id', 'version'])
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(2)
      .execute();
    await db
      .updateTable('cases')
      .set({ position: 'awaitingReview', return_reason: '缺少借款合同' })
      .where('id', '=', returned.id)
      .execute();
    await db
      .updateTable('cases')
      .set({ position: 'awaitingReview', return_reason: null })
      .where('id', '=', fresh.id)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const stateOf = async (id: number) =>
      db
        .selectFrom('cases')
        .select(['position', 'return_reason', 'version'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await stateOf(returned.id)).toEqual({
      position: 'returned',
      return_reason: '缺少借款合同',
      version: returned.version + 1,
    });
    expect(await stateOf(fresh.id)).toEqual({
      position: 'awaitingReview',
      return_reason: null,
      version: fresh.version,
    });

    // Down again: back where RETURN used to leave it.
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect((await stateOf(returned.id)).position).toBe('awaitingReview');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
