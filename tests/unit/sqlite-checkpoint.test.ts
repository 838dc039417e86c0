import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';

/**
 * SQLite's write-ahead log is copied back into the database file by the checkpointer thread
 * (server/db/sqlite-checkpoint-worker.mjs), not by the commit that takes it past 1,000 pages
 * on the main connection.
 */
const dir = mkdtempSync(join(tmpdir(), 'casedesk-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite checkpointer', () => {
  it('copies committed pages into the database file while the main connection never checkpoints', async () => {
    const file = join(dir, 'db.sqlite');
    const handle = connectDatabase(`sqlite:${file}`, PROJECT_ROOT, { sqliteReadWorkers: 0 });
    try {
      const db = handle.db;
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('wal_autocheckpoint')).toBe(0);
      await sql`create table filler (id integer primary key, text text not null)`.execute(db);
      const before = statSync(file).size;
      // About 8 MB: 2,000 pages and more, past the 1,000 at which a commit would checkpoint.
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 20; i++)
          await sql`insert into filler (text) select printf('%.400c', 'x') from
            (with recursive n(k) as (select 1 union all select k + 1 from n where k < 1000) select k from n)`.execute(
            trx,
          );
      });
      // The checkpointer runs every CHECKPOINT_EVERY_MS; wait for the file to take the pages.
      for (let tries = 0; statSync(file).size < before + 4_000_000; tries++) {
        expect(tries, 'the database file never grew').toBeLessThan(600);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await sql<{ n: number }>`select count(*) as n from filler`.execute(db)).rows[0].n).toBe(20_000);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
