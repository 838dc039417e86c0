import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { resetDatabase, seedDemoData } from '../server/seed/seed';

export const BENCH_CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
export const BENCH_DB_FILE = join(PROJECT_ROOT, 'data', `bench-${BENCH_CASES}.db`);
const STAMP = `${BENCH_DB_FILE}.json`;

export interface SeedRecord {
  cases: number;
  seconds: number;
  seededAt: string;
}

/**
 * The benchmark database: seeded once with BENCH_CASES cases (the seed time is measured then
 * and kept beside the file); later runs reuse it unless `--reseed` is given.
 */
export async function ensureBenchDatabase(
  reseed: boolean,
  log: (msg: string) => void,
): Promise<SeedRecord & { reused: boolean }> {
  if (!reseed && existsSync(BENCH_DB_FILE) && existsSync(STAMP)) {
    const record = JSON.parse(readFileSync(STAMP, 'utf8')) as SeedRecord;
    if (record.cases === BENCH_CASES) return { ...record, reused: true };
  }
  log(`seeding ${BENCH_CASES.toLocaleString()} cases into ${BENCH_DB_FILE} (a few minutes)`);
  const handle = connectDatabase(`sqlite:${BENCH_DB_FILE}`, PROJECT_ROOT);
  try {
    await migrateToLatest(handle.db);
    await resetDatabase(handle.db);
    const counts = await seedDemoData(handle.db, { cases: BENCH_CASES, log });
    const record: SeedRecord = {
      cases: counts.cases,
      seconds: counts.seconds,
      seededAt: new Date().toISOString(),
    };
    writeFileSync(STAMP, JSON.stringify(record));
    return { ...record, reused: false };
  } finally {
    await handle.close();
  }
}
