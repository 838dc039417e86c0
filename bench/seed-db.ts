import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { resetDatabase, seedDemoData } from '../server/seed/seed';

export const BENCH_CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
export const BENCH_DB_FILE = join(PROJECT_ROOT, 'data', `bench-${BENCH_CASES}.db`);
const STAMP = `${BENCH_DB_FILE}.json`;
/** The PostgreSQL bench database, on the machine's server; kept between runs like the file. */
export const BENCH_PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_PG_NAME = `casedesk_bench_${BENCH_CASES}`;
export const BENCH_PG_URL = (() => {
  const url = new URL(BENCH_PG_ADMIN_URL);
  url.pathname = `/${BENCH_PG_NAME}`;
  return url.toString();
})();
const PG_STAMP = join(PROJECT_ROOT, 'data', `bench-${BENCH_CASES}.pg.json`);

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
  return seedInto(`sqlite:${BENCH_DB_FILE}`, STAMP, log);
}

/**
 * The PostgreSQL bench database `casedesk_bench_<N>` (created when missing), seeded once like
 * the SQLite file; the seed time is kept in data/bench-<N>.pg.json.
 */
export async function ensurePostgresBenchDatabase(
  reseed: boolean,
  log: (msg: string) => void,
): Promise<SeedRecord & { reused: boolean }> {
  const admin = new pg.Client({ connectionString: BENCH_PG_ADMIN_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_PG_NAME]);
    if (!rowCount) await admin.query(`create database ${BENCH_PG_NAME}`);
  } finally {
    await admin.end();
  }
  if (!reseed && existsSync(PG_STAMP)) {
    const record = JSON.parse(readFileSync(PG_STAMP, 'utf8')) as SeedRecord;
    const client = new pg.Client({ connectionString: BENCH_PG_URL });
    await client.connect();
    try {
      const { rows } = await client
        .query('select count(*)::int as n from cases')
        .catch(() => ({ rows: [{ n: -1 }] }));
      if (record.cases === BENCH_CASES && rows[0]?.n === BENCH_CASES) return { ...record, reused: true };
    } finally {
      await client.end();
    }
  }
  log(`seeding ${BENCH_CASES.toLocaleString()} cases into ${BENCH_PG_NAME} (a few minutes)`);
  return seedInto(BENCH_PG_URL, PG_STAMP, log);
}

async function seedInto(
  url: string,
  stamp: string,
  log: (msg: string) => void,
): Promise<SeedRecord & { reused: boolean }> {
  const handle = connectDatabase(url, PROJECT_ROOT);
  try {
    await migrateToLatest(handle.db);
    await resetDatabase(handle.db);
    const counts = await seedDemoData(handle.db, { cases: BENCH_CASES, log });
    const record: SeedRecord = {
      cases: counts.cases,
      seconds: counts.seconds,
      seededAt: new Date().toISOString(),
    };
    writeFileSync(stamp, JSON.stringify(record));
    return { ...record, reused: false };
  } finally {
    await handle.close();
  }
}
