import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';

export const TEMPLATE_DB = join(PROJECT_ROOT, '.tmp', 'api-test-template.db');

/**
 * Seeds one demo database for the whole run; every API test file copies it to its own
 * throw-away file (hashing ~90 demo passwords once instead of once per file).
 */
export default async function setup() {
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(TEMPLATE_DB + suffix)) rmSync(TEMPLATE_DB + suffix);
  }
  const handle = connectDatabase(`sqlite:${TEMPLATE_DB}`, PROJECT_ROOT);
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, { cases: 2000 });
  await handle.close();
}
