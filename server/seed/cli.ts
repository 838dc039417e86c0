import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { setPiiHashSecret } from '../cases/parties/pii-hash';
import { PROJECT_ROOT, readConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { createStorage } from '../storage/create';
import { uploadsRootFor } from '../storage/directory';
import { DEMO_COUNTS, isDatabaseEmpty, resetDatabase, seedDemoData } from './seed';

/**
 * `npm run seed`: seed an empty database. `-- --reset` wipes it first; `-- --cases N`
 * wipes it and seeds N cases (a large database for benchmarks).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      cases: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const cases = values.cases === undefined ? DEMO_COUNTS.cases : Number(values.cases);
  if (!Number.isInteger(cases) || cases < 0)
    throw new Error(`--cases must be a whole number, got "${values.cases}"`);
  const reset = values.reset || values.cases !== undefined;

  const config = readConfig();
  // The seed hashes party numbers with the key the server searches by.
  setPiiHashSecret(config.piiHashSecret);
  const database = connectDatabase(config.databaseUrl, PROJECT_ROOT, config);
  const say = (msg: string) => console.info(`[seed] ${msg}`);
  try {
    await migrateToLatest(database.db);
    if (reset) {
      say(`resetting ${database.describe().location}`);
      await resetDatabase(database.db);
      // The wiped rows' files go with them (with STORAGE=database they went with the tables);
      // the seed writes its own again.
      rmSync(uploadsRootFor(database.filesDir), { recursive: true, force: true });
    } else if (!(await isDatabaseEmpty(database.db))) {
      say('the database already has data; use --reset to replace it');
      return;
    }
    const counts = await seedDemoData(database.db, {
      cases,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      log: say,
      storage: createStorage(config.storage, database),
    });
    say(`done in ${counts.seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
