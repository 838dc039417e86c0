import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';

/**
 * The database an API test file's server runs on, copied from the run's seeded template:
 * - sqlite: a copy of the template file (tests/api/global-setup.ts);
 * - pglite: PostgreSQL in this process, started from the template's dump (no server needed);
 * - postgres: a database of its own on a real server, created from the template database
 *   (`TEST_PG_URL`, tests/api/global-setup-pg.ts), dropped when the file ends.
 */
export type TestDatabase =
  | { kind: 'sqlite' }
  | { kind: 'pglite'; dump: string }
  | { kind: 'postgres'; adminUrl: string; template: string };

export interface TestDatabaseCopy {
  handle: DatabaseHandle;
  /**
   * A second handle on the very same database for another app instance whose files directory
   * is `filesDir` (two hosts, one database): SQLite opens the file again, PostgreSQL connects
   * again; PGlite, one connection in this process, is shared.
   */
  another(filesDir: string): DatabaseHandle;
  /** Removes the copy (after the handles are closed). */
  drop(): Promise<void>;
}

export const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A test file's copy is thrown away when the file ends, so its commits do not wait for the disk:
 * SQLite with synchronous=NORMAL (the write-ahead log synced at checkpoints, not at every
 * commit), PostgreSQL with synchronous_commit off. What a test reads is the same; only a power
 * cut would lose the last commits. Waiting for the disk was most of some files' time on the
 * 2-CPU CI machine: a commit took about 3 ms on SQLite and 9 ms on PostgreSQL, against 0.05 and
 * 2 ms, and a file commits thousands of times (every sign-in, every file copied into
 * STORAGE=database). Durability itself is tested on handles of its own (tests/unit/migrations).
 */
const THROW_AWAY = { sqliteSynchronous: 'NORMAL' } as const;

export async function copyTestDatabase(
  kind: TestDatabase,
  sqliteCopy: string,
  filesDir: string,
): Promise<TestDatabaseCopy> {
  switch (kind.kind) {
    case 'sqlite':
      return {
        handle: connectDatabase(`sqlite:${sqliteCopy}`, PROJECT_ROOT, THROW_AWAY),
        another: (dir) => ({
          ...connectDatabase(`sqlite:${sqliteCopy}`, PROJECT_ROOT, THROW_AWAY),
          filesDir: dir,
        }),
        drop: async () => {},
      };
    case 'pglite': {
      const dump = new Blob([readFileSync(kind.dump)]);
      const handle = connectDatabase('pglite:', PROJECT_ROOT, { dataDir: filesDir, pgliteLoad: dump });
      return {
        handle,
        another: (dir) => ({ ...handle, filesDir: dir, close: async () => {} }),
        drop: async () => {},
      };
    }
    case 'postgres': {
      const name = `${kind.template.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
      await withAdmin(kind.adminUrl, async (c) => {
        await c.query(`create database "${name}" template "${kind.template}"`);
        // A throw-away copy: commits return without waiting for the disk (see THROW_AWAY).
        await c.query(`alter database "${name}" set synchronous_commit = off`);
      });
      const url = databaseUrl(kind.adminUrl, name);
      const handle = connectDatabase(url, PROJECT_ROOT, { dataDir: filesDir });
      return {
        handle,
        another: (dir) => connectDatabase(url, PROJECT_ROOT, { dataDir: dir }),
        drop: async () => {
          await withAdmin(kind.adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
        },
      };
    }
  }
}
