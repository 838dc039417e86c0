import { type Kysely, Migrator, NO_MIGRATIONS } from 'kysely';
import { countTermsAfresh } from '../cases/search-terms';
import { withIndexesBuiltAfter } from '../db/bulk-load';
import { migrateToLatest, migrationProvider } from '../db/migrate';
import type { Database } from '../db/schema';
import { afterBulkLoad } from '../db/sql-portable';
import { seedMenus } from '../menus/store';
import type { FileStorage } from '../storage/storage';
import { makeSampleFiles } from './attachment-files';
import { type CaseCounts, seedCases } from './cases';
import { type ExtraCounts, seedExtras } from './extras';
import { seedPeople } from './people';
import { seedPlans } from './plans';
import { Random } from './random';

export interface SeedOptions {
  /** Number of cases (default 2,000). */
  cases?: number;
  /** PRNG seed; the same seed and day give the same data. */
  seed?: number;
  /** Dates are spread back from this moment (default: now), so the demo always looks current. */
  now?: Date;
  log?: (msg: string) => void;
  /**
   * Where the attachments' files go (server/storage, as `STORAGE` says): each seeded attachment
   * gets a real small file there. Without it no attachments are seeded (the benchmark's
   * million cases), so no row ever points at a missing file.
   */
  storage?: FileStorage;
}

export type SeedCounts = CaseCounts &
  ExtraCounts & {
    /** Every seeded firm and lawyer, whatever their review status (what the README states). */
    lawFirms: number;
    lawyers: number;
    /** Of them, those who passed review (who take and work cases). */
    lawFirmsPassed: number;
    lawyersPassed: number;
    users: number;
    seconds: number;
  };

/** The tables seedCases fills, a row or more per case. */
const CASE_TABLES = [
  'cases',
  'case_terms',
  'case_attachments',
  'contacts',
  'ledger_entries',
  'case_pushes',
  'case_parties',
  'party_phones',
];

export const DEFAULT_SEED = 20260101;
export const DEMO_COUNTS = { firms: 22, lawyers: 64, cases: 2000 } as const;

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Drops every table through the migrations and builds them again: portable, no file tricks. */
export async function resetDatabase(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await migrateToLatest(db);
}

/** Realistic, deterministic demo data: the six demo accounts, firms, lawyers, cases and all their records. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedCounts> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const rng = new Random(options.seed ?? DEFAULT_SEED);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();

  const people = await db
    .transaction()
    .execute((trx) => seedPeople(trx, rng, at, { firms: DEMO_COUNTS.firms, lawyers: DEMO_COUNTS.lawyers }));
  log(`seeded ${people.firmIds.length} law firms and ${people.userIds.length} users`);
  const files = options.storage ? { storage: options.storage, samples: await makeSampleFiles() } : null;
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  let phase = Date.now();
  // The case tables' secondary indexes (a dozen b-trees, and trigram GIN indexes on PostgreSQL)
  // are built once after the cases are in, not kept current row by row.
  const caseCounts = await withIndexesBuiltAfter(db, CASE_TABLES, async () => {
    const counts = await seedCases(db, rng, now, people, options.cases ?? DEMO_COUNTS.cases, log, files);
    log(`seeded ${counts.cases} cases in ${seconds(phase)}`);
    phase = Date.now();
    return counts;
  });
  // The keyword index was written case by case: count its bigrams, and drop the common ones'.
  await countTermsAfresh(db);
  log(`indexed them in ${seconds(phase)}`);
  phase = Date.now();
  const extras = await db.transaction().execute((trx) => seedExtras(trx, rng, now, people));
  await db.transaction().execute((trx) => seedPlans(trx, rng, now, people.demoUserIds.lawyer));
  await seedMenus(db, now.toISOString());
  log(`seeded letters, messages, wallets and menus in ${seconds(phase)}`);
  phase = Date.now();
  await afterBulkLoad(db);
  log(`analysed the tables in ${seconds(phase)}`);
  return {
    ...caseCounts,
    ...extras,
    lawFirms: people.firmIds.length,
    lawyers: people.lawyerCount,
    lawFirmsPassed: people.passedFirmIds.length,
    lawyersPassed: people.lawyers.length,
    users: people.userIds.length,
    seconds: (Date.now() - started) / 1000,
  };
}
