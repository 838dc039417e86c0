import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';
import { directoryStorage } from '../../server/storage/directory';
import type { TestDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the API tests run on (the `api-pg` project: PostgreSQL). */
    testDatabase: TestDatabase;
    /** The seeded demo database every API test file copies (SQLite). */
    templateDb: string;
    /** The files of its seeded attachments (`uploads/` beside each copy). */
    templateUploads: string;
  }
}

/**
 * Seeds one demo database for the whole run; every API test file copies it to its own
 * throw-away file (hashing ~90 demo passwords once instead of once per file). Each run gets
 * its own template, so two runs in the same tree cannot overwrite each other's.
 */
export default async function setup(project: TestProject) {
  // The suite's password cost (vite.config.ts's test.env) for the seeded demo accounts too.
  process.env.PASSWORD_HASH_COST = project.config.env.PASSWORD_HASH_COST;
  const dir = join(PROJECT_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const template = join(dir, `api-test-template-${process.pid}-${randomBytes(4).toString('hex')}.db`);
  const handle = connectDatabase(`sqlite:${template}`, PROJECT_ROOT);
  await migrateToLatest(handle.db);
  const uploads = `${template}.uploads`;
  await seedDemoData(handle.db, { cases: 2000, storage: directoryStorage(uploads) });
  await handle.close();
  project.provide('testDatabase', { kind: 'sqlite' });
  project.provide('templateDb', template);
  project.provide('templateUploads', uploads);
  return () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(template + suffix, { force: true });
    rmSync(uploads, { recursive: true, force: true });
  };
}
