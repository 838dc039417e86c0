import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';

// Two connections to one SQLite file, as two server processes (WORKERS, or two servers on the
// file) would have: A is the server's own handle (server/db/connect.ts), B a bare connection
// that does not wait for locks (busy_timeout 0), so it shows at once whether A holds the write
// lock. The interleaving is fixed by the test's own order of statements, not by timing.
let dir: string;
let a: DatabaseHandle;
let b: SQLite.Database;

describe.each([
  ['on the main connection', 0],
  ['with the read pool', 2],
])('SQLite write transactions %s', (_name, readWorkers) => {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casedesk-lock-'));
    const file = join(dir, 'two.db');
    a = connectDatabase(`sqlite:${file}`, dir, { sqliteReadWorkers: readWorkers });
    await sql`create table t (x integer not null)`.execute(a.db);
    await sql`insert into t (x) values (0)`.execute(a.db);
    b = new SQLite(file);
    b.pragma('busy_timeout = 0');
  });
  afterEach(async () => {
    b.close();
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = () => (b.prepare('select count(*) as n from t').get() as { n: number }).n;

  it('read in A, write in B, write in A: A commits, B waits for it instead of A failing', async () => {
    let bWhileA: string | null = null;
    await a.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
      expect(Number(rows[0]?.n)).toBe(1);
      try {
        b.prepare('insert into t (x) values (2)').run();
        bWhileA = 'written';
      } catch (err) {
        bWhileA = (err as { code?: string }).code ?? String(err);
      }
      // A deferred transaction fails here with SQLITE_BUSY_SNAPSHOT once B has written.
      await sql`insert into t (x) values (1)`.execute(trx);
    });
    // B could not write while A held the lock; with a busy_timeout it would have waited.
    expect(bWhileA).toBe('SQLITE_BUSY');
    b.prepare('insert into t (x) values (2)').run();
    expect(count()).toBe(3);
  });

  it('a read-only transaction takes no write lock: B writes beside it', async () => {
    let bWhileA: string | null = null;
    await a.db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`select count(*) as n from t`.execute(trx);
        try {
          b.prepare('insert into t (x) values (2)').run();
          bWhileA = 'written';
        } catch (err) {
          bWhileA = (err as { code?: string }).code ?? String(err);
        }
        // Its snapshot stays the one it started with.
        const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        expect(Number(rows[0]?.n)).toBe(1);
      });
    expect(bWhileA).toBe('written');
    expect(count()).toBe(2);
  });
});
