import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { termsOf } from '../../server/cases/search-terms';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { type SeedCounts, seedDemoData } from '../../server/seed/seed';
import { directoryStorage } from '../../server/storage/directory';

/** How many cases the seeded database holds, and the moment it was seeded. */
export const SEEDED_CASES = 300;
export const SEEDED_AT = new Date('2026-06-01T08:00:00Z');

export interface SeededDatabase {
  /** The folder of the database file and its uploads; a test may open other databases in it. */
  readonly dir: string;
  readonly handle: DatabaseHandle;
  /** The migrations applied to the empty database, in order. */
  readonly applied: string[];
  readonly seeded: SeedCounts;
}

/**
 * A database of the test file's own (a SQLite file, or PGlite: real PostgreSQL in this process),
 * migrated from empty and seeded with the demo data (`cases` cases, SEEDED_CASES unless told;
 * uploads in a directory storage) before its tests, or the tests of the describe it is called
 * in, and removed after them.
 */
export function seedDatabaseForFile(
  prefix: string,
  { kind = 'sqlite', cases = SEEDED_CASES }: { kind?: 'sqlite' | 'pglite'; cases?: number } = {},
): SeededDatabase {
  const state = {} as { -readonly [K in keyof SeededDatabase]: SeededDatabase[K] };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), prefix));
    state.handle =
      kind === 'sqlite'
        ? connectDatabase(`sqlite:${join(state.dir, 'fresh.db')}`, PROJECT_ROOT)
        : connectDatabase('pglite:', PROJECT_ROOT, { dataDir: join(state.dir, 'pg') });
    state.applied = await migrateToLatest(state.handle.db);
    state.seeded = await seedDemoData(state.handle.db, {
      cases,
      now: SEEDED_AT,
      storage: directoryStorage(join(state.dir, 'uploads')),
    });
  }, 120_000);
  afterAll(async () => {
    await state.handle?.close();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}

/**
 * 0017 on a seeded database: the keyword index holds every stored case's terms (more than
 * `cases`), goes away when the database goes down to 0016, and comes back whole.
 */
export async function expectKeywordIndexMigration(db: Kysely<Database>, cases: number): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const expected = async () =>
    (await db.selectFrom('cases').select(['id', 'title', 'debtor_name', 'client_name']).execute())
      .flatMap((c) => termsOf(c).map((term) => `${c.id}:${term}`))
      .sort();
  const stored = async () =>
    (await db.selectFrom('case_terms').select(['case_id', 'term']).execute())
      .map((r) => `${r.case_id}:${r.term}`)
      .sort();
  const seeded = await expected();
  expect(seeded.length).toBeGreaterThan(cases);
  expect(await stored()).toEqual(seeded);
  expect((await migrator.migrateTo('0016_shared_counters')).error).toBeUndefined();
  await expect(stored()).rejects.toThrow();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await stored()).toEqual(seeded);
}

export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function distinctValues(
  db: Kysely<Database>,
  table: 'cases' | 'law_firms' | 'lawyers',
  column: string,
): Promise<string[]> {
  const rows = await sql<{
    v: string;
  }>`select distinct ${sql.ref(column)} as v from ${sql.table(table)}`.execute(db);
  return rows.rows.map((r) => r.v).sort();
}
