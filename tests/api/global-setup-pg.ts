import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';
import { directoryStorage } from '../../server/storage/directory';
import { databaseUrl, withAdmin } from './test-database';

/**
 * The API suite again on PostgreSQL (the `api-pg` project): with `TEST_PG_URL` on that server
 * (a template database seeded once, a database of its own per test file, all dropped at the
 * end), else on PGlite, real PostgreSQL in this process, so `npm test` needs no server.
 */
export default async function setup(project: TestProject) {
  // The suite's password cost (vite.config.ts's test.env) for the seeded demo accounts too.
  process.env.PASSWORD_HASH_COST = project.config.env.PASSWORD_HASH_COST;
  const dir = join(PROJECT_ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const uploads = join(dir, `api-test-template-pg-${tag}.uploads`);
  project.provide('templateDb', '');
  project.provide('templateUploads', uploads);
  const adminUrl = process.env.TEST_PG_URL;
  if (adminUrl) {
    const template = `casedesk_test_${tag}_tpl`;
    await withAdmin(adminUrl, (c) => c.query(`create database "${template}"`));
    const handle = connectDatabase(databaseUrl(adminUrl, template), PROJECT_ROOT, { dataDir: dir });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { cases: 2000, storage: directoryStorage(uploads) });
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
    return async () => {
      await withAdmin(adminUrl, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where datname like $1',
          [`casedesk_test_${tag}_%`],
        );
        for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
      });
      rmSync(uploads, { recursive: true, force: true });
    };
  }
  const handle = connectDatabase('pglite:', PROJECT_ROOT, { dataDir: dir });
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db, { cases: 2000, storage: directoryStorage(uploads) });
  const dump = join(dir, `api-test-template-pg-${tag}.tar`);
  if (!handle.dump) throw new Error('a PGlite handle can dump its data');
  writeFileSync(dump, new Uint8Array(await (await handle.dump()).arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', dump });
  return () => {
    rmSync(dump, { force: true });
    rmSync(uploads, { recursive: true, force: true });
  };
}
