import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { SqliteReadPool } from '../../server/db/sqlite-read-pool';

interface Db {
  notes: { id: Generated<number>; body: string };
}

let dir: string | undefined;
let handle: DatabaseHandle | undefined;

function open(readWorkers?: number): Kysely<Db> {
  dir = mkdtempSync(join(tmpdir(), 'casedesk-read-pool-'));
  handle = connectDatabase(`sqlite:${join(dir, 'pool.db')}`, dir, { sqliteReadWorkers: readWorkers });
  return handle.db as unknown as Kysely<Db>;
}

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A SELECT that takes a while whatever the machine: it walks a recursive sequence of `n` rows
 * (a few hundred milliseconds for 3,000,000), reading no table.
 */
function slowCount(db: Kysely<Db>, n: number) {
  return db
    .withRecursive('seq(x)', (qb) =>
      qb
        .selectNoFrom(sql<number>`1`.as('x'))
        .unionAll((q) => q.selectFrom('seq').select(sql<number>`x + 1`.as('x')).where('x', '<', n)),
    )
    .selectFrom('seq')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

async function setUp(db: Kysely<Db>) {
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  await db.insertInto('notes').values({ body: 'first' }).execute();
}

describe('SQLite reads in worker threads', () => {
  it('a long read in the pool holds up neither a write nor the event loop', async () => {
    const db = open();
    await setUp(db);
    const done: string[] = [];
    const long = slowCount(db, 3_000_000).then((row) => {
      done.push('long read');
      return row;
    });
    // While the long read runs, a write and a transaction's read on the main connection finish.
    await db.insertInto('notes').values({ body: 'second' }).execute();
    done.push('write');
    const inside = await db.transaction().execute((trx) => trx.selectFrom('notes').select('body').execute());
    done.push('read in a transaction');
    // The event loop turns (timers, sockets) while the long read runs.
    await new Promise((resolve) => setTimeout(resolve, 1));
    done.push('event loop turn');

    expect((await long).n).toBe(3_000_000);
    expect(done).toEqual(['write', 'read in a transaction', 'event loop turn', 'long read']);
    expect(inside.map((n) => n.body)).toEqual(['first', 'second']);
  });

  it('without readers the same long read runs first and alone (what the pool is for)', async () => {
    const db = open(0);
    await setUp(db);
    const done: string[] = [];
    const long = slowCount(db, 300_000).then(() => done.push('long read'));
    await db.insertInto('notes').values({ body: 'second' }).execute();
    done.push('write');
    await long;
    expect(done).toEqual(['long read', 'write']);
  });

  it('reads what was committed before, and a transaction reads its own writes', async () => {
    const db = open();
    await setUp(db);
    for (const body of ['a', 'b', 'c']) {
      await db.insertInto('notes').values({ body }).execute();
      const last = await db.selectFrom('notes').select('body').orderBy('id', 'desc').executeTakeFirst();
      expect(last?.body).toBe(body);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'uncommitted' }).execute();
      const seen = await trx.selectFrom('notes').select('body').where('body', '=', 'uncommitted').execute();
      expect(seen).toHaveLength(1);
      // Outside the transaction (a reader) it is not there yet.
      const outside = await db.selectFrom('notes').select('body').where('body', '=', 'uncommitted').execute();
      expect(outside).toHaveLength(0);
    });
    expect(
      await db.selectFrom('notes').select('body').where('body', '=', 'uncommitted').execute(),
    ).toHaveLength(1);
  });

  it('answers a failing read with its error, and keeps serving', async () => {
    const db = open();
    await setUp(db);
    await expect(
      db
        .selectFrom('missing' as 'notes')
        .selectAll()
        .execute(),
    ).rejects.toThrow(/no such table/);
    expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'first' }]);
  });

  it('gives blobs back as Buffers, like the main connection', async () => {
    const db = open();
    const row = await db.selectNoFrom(sql<Buffer>`x'cafe'`.as('blob')).executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(row.blob)).toBe(true);
    expect(row.blob.toString('hex')).toBe('cafe');
  });

  it('lets a statement seen quick three times run on the main connection, until it is once slow', () => {
    const pool = new SqliteReadPool(':memory:', 1, 10);
    const lookup = 'select * from sessions where token = ?';
    expect(pool.isQuick(lookup)).toBe(false);
    for (let i = 0; i < SqliteReadPool.QUICK_RUNS; i++) pool.observe(lookup, 0.3);
    expect(pool.isQuick(lookup)).toBe(true);
    pool.observe(lookup, 40);
    expect(pool.isQuick(lookup)).toBe(false);
    for (let i = 0; i < 10; i++) pool.observe(lookup, 0.1);
    expect(pool.isQuick(lookup)).toBe(false);
  });

  it('keeps a quick statement on the main connection through a slower run now and then, not through many', () => {
    const pool = new SqliteReadPool(':memory:', 1, 10);
    const page = 'select id from cases where status = ? order by created_at desc limit ?';
    for (let i = 0; i < 5; i++) pool.observe(page, 0.5);
    // A busy machine switched the thread out once: 3 ms.
    pool.observe(page, 3);
    expect(pool.isQuick(page)).toBe(true);
    // Slower for a while (the data grew): back to the pool, and back again once quick.
    for (let i = 0; i < 5; i++) pool.observe(page, 4);
    expect(pool.isQuick(page)).toBe(false);
    for (let i = 0; i < 10; i++) pool.observe(page, 0.5);
    expect(pool.isQuick(page)).toBe(true);
    // Once at BLOCKING_MS: in the pool for good.
    pool.observe(page, SqliteReadPool.BLOCKING_MS);
    for (let i = 0; i < 10; i++) pool.observe(page, 0.5);
    expect(pool.isQuick(page)).toBe(false);
  });
  it('is busy while a reader is at work, so quick statements then stay off the main thread', async () => {
    open();
    const pool = new SqliteReadPool(join(dir as string, 'pool.db'), 1, 10);
    try {
      expect(pool.busy()).toBe(false);
      const compiled = { sql: 'select 1 as one', parameters: [], query: { kind: 'SelectQueryNode' } };
      const answer = pool.run(compiled as never);
      expect(pool.busy()).toBe(true);
      expect((await answer).rows).toEqual([{ one: 1 }]);
      expect(pool.busy()).toBe(false);
    } finally {
      await pool.close();
    }
  });
});
