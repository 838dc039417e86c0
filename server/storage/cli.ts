import { parseArgs } from 'node:util';
import { PROJECT_ROOT, readConfig } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { copyFiles } from './copy';
import { databaseStorage } from './database';
import { directoryStorage, uploadsRootFor } from './directory';

/**
 * `npm run storage:copy`: copies every file of the directory beside the database
 * (`STORAGE=directory`) into the database (`STORAGE=database`), keys unchanged, before a
 * server starts with `STORAGE=database`; `-- --to directory` copies the other way. Files
 * already there are replaced; nothing is deleted from where they came from.
 */
async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string', default: 'database' } } });
  if (values.to !== 'database' && values.to !== 'directory')
    throw new Error(`--to must be database or directory, got "${values.to}"`);
  const config = readConfig();
  const database = connectDatabase(config.databaseUrl, PROJECT_ROOT, config);
  try {
    await migrateToLatest(database.db);
    const directory = directoryStorage(uploadsRootFor(database.filesDir));
    const inDatabase = databaseStorage(database.db);
    const [from, to] = values.to === 'database' ? [directory, inDatabase] : [inDatabase, directory];
    const copied = await copyFiles(from, to);
    console.info(`[storage] copied ${copied} file(s) from the ${from.kind} to the ${to.kind}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
