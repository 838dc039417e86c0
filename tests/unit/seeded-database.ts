import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
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
 * A SQLite file of the test file's own, migrated from empty and seeded with the demo data
 * (SEEDED_CASES cases, uploads in a directory storage) before its tests, removed after them.
 */
export function seedDatabaseForFile(prefix: string): SeededDatabase {
  const state = {} as { -readonly [K in keyof SeededDatabase]: SeededDatabase[K] };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), prefix));
    state.handle = connectDatabase(`sqlite:${join(state.dir, 'fresh.db')}`, PROJECT_ROOT);
    state.applied = await migrateToLatest(state.handle.db);
    state.seeded = await seedDemoData(state.handle.db, {
      cases: SEEDED_CASES,
      now: SEEDED_AT,
      storage: directoryStorage(join(state.dir, 'uploads')),
    });
  });
  afterAll(async () => {
    await state.handle?.close();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
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
