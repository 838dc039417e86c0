import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedCount, forgetCaseCounts } from '../../server/cases/count-cache';
import { filterConditions } from '../../server/cases/filters';
import { columnsRead } from '../../server/cases/list';
import { visibleParts } from '../../server/cases/scope';
import { TRANSITION_COLUMNS } from '../../server/cases/transitions';
import type { Database } from '../../server/db/schema';

const clock = { now: () => new Date('2026-11-26T08:00:00Z') };
let sqlite: SQLite.Database | undefined;

/** A Kysely instance is the cache's key; no table is ever read here. */
function database(): Kysely<Database> {
  sqlite = new SQLite(':memory:');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

afterEach(() => sqlite?.close());

/** A count that waits until released, and counts how often it ran. */
function gatedCount(total: number) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const counter = {
    runs: 0,
    release,
    count: async () => {
      counter.runs++;
      await gate;
      return total;
    },
  };
  return counter;
}

/** A clock only the test moves. */
function movingClock() {
  let at = Date.parse('2026-11-26T08:00:00Z');
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

const reads =
  (...columns: string[]) =>
  () =>
    columns;

describe('the case count cache', () => {
  it('counts once for 50 concurrent misses of one total, and answers all of them', async () => {
    const db = database();
    const counter = gatedCount(1234);
    const answers = Array.from({ length: 50 }, () =>
      cachedCount(db, clock, 'status=processing', counter.count, reads('status')),
    );
    counter.release();
    expect(await Promise.all(answers)).toEqual(Array(50).fill(1234));
    expect(counter.runs).toBe(1);
    // Remembered afterwards: no further count.
    expect(await cachedCount(db, clock, 'status=processing', counter.count, reads('status'))).toBe(1234);
    expect(counter.runs).toBe(1);
  });

  it('shares nothing between two totals, and nothing between two databases', async () => {
    const db = database();
    const other = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite as SQLite.Database }),
    });
    const counter = gatedCount(7);
    counter.release();
    await Promise.all([
      cachedCount(db, clock, 'a', counter.count, reads()),
      cachedCount(db, clock, 'b', counter.count, reads()),
      cachedCount(other, clock, 'a', counter.count, reads()),
    ]);
    expect(counter.runs).toBe(3);
  });

  it('does not remember a count that failed: the next request counts again', async () => {
    const db = database();
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database is locked');
    };
    const both = [
      cachedCount(db, clock, 'k', failing, reads()),
      cachedCount(db, clock, 'k', failing, reads()),
    ];
    for (const answer of both) await expect(answer).rejects.toThrow('database is locked');
    expect(runs).toBe(1);
    expect(await cachedCount(db, clock, 'k', async () => 5, reads())).toBe(5);
  });

  it('forgets on an update only the totals that read an updated column', async () => {
    const db = database();
    let runs = 0;
    const count = (total: number) => async () => {
      runs++;
      return total;
    };
    await cachedCount(db, clock, 'region', count(10), reads('region_code'));
    await cachedCount(db, clock, 'status', count(20), reads('status', 'region_code'));
    expect(runs).toBe(2);

    forgetCaseCounts(db, { columns: TRANSITION_COLUMNS });
    expect(await cachedCount(db, clock, 'region', count(11), reads('region_code'))).toBe(10);
    expect(await cachedCount(db, clock, 'status', count(21), reads('status', 'region_code'))).toBe(21);
    expect(runs).toBe(3);

    forgetCaseCounts(db, { columns: ['title', 'updated_at'] });
    expect(await cachedCount(db, clock, 'region', count(12), reads('region_code'))).toBe(10);
    expect(runs).toBe(3);
  });

  it('forgets every total when cases are added, even one without any condition', async () => {
    const db = database();
    await cachedCount(db, clock, 'all', async () => 100, reads());
    await cachedCount(db, clock, 'region', async () => 10, reads('region_code'));
    forgetCaseCounts(db, { rows: 'inserted' });
    expect(await cachedCount(db, clock, 'all', async () => 101, reads())).toBe(101);
    expect(await cachedCount(db, clock, 'region', async () => 11, reads('region_code'))).toBe(11);
  });

  it('does not remember a count a write overtook; later requests count after the write', async () => {
    const db = database();
    const before = gatedCount(50);
    const early = cachedCount(db, clock, 'status', before.count, reads('status'));
    forgetCaseCounts(db, { columns: ['status'] });
    const after = gatedCount(51);
    const late = cachedCount(db, clock, 'status', after.count, reads('status'));
    before.release();
    after.release();
    expect(await early).toBe(50);
    expect(await late).toBe(51);
    expect(await cachedCount(db, clock, 'status', async () => 99, reads('status'))).toBe(51);
  });

  it('answers an aged total at once while one count runs again, then the new one', async () => {
    const db = database();
    const moving = movingClock();
    await cachedCount(db, moving, 'status', async () => 40, reads('status'));
    moving.advance(29_000);
    const fresh = gatedCount(41);
    expect(await cachedCount(db, moving, 'status', fresh.count, reads('status'))).toBe(40);
    expect(fresh.runs).toBe(0);

    // Past 30 s: nobody waits for the recount the clock asked for, and it runs once.
    moving.advance(2_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cachedCount(db, moving, 'status', fresh.count, reads('status'))),
    );
    expect(answers).toEqual(Array(20).fill(40));
    expect(fresh.runs).toBe(1);
    fresh.release();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedCount(db, moving, 'status', async () => 99, reads('status'))).toBe(41);
  });

  it('waits for the count when the total is past 60 s old, or when the background count failed', async () => {
    const db = database();
    const moving = movingClock();
    await cachedCount(db, moving, 'k', async () => 1, reads());
    moving.advance(31_000);
    let failures = 0;
    const failing = async () => {
      failures++;
      throw new Error('database is locked');
    };
    // A refresh that fails leaves the old total, is reported, and the next request tries again.
    const reported: unknown[] = [];
    const report = (error: unknown) => reported.push(error);
    expect(await cachedCount(db, moving, 'k', failing, reads(), report)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cachedCount(db, moving, 'k', failing, reads(), report)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toBe(2);
    expect(reported.map((e) => (e as Error).message)).toEqual(['database is locked', 'database is locked']);

    moving.advance(30_000);
    const counter = gatedCount(2);
    const answer = cachedCount(db, moving, 'k', counter.count, reads());
    let answered = false;
    void answer.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    counter.release();
    expect(await answer).toBe(2);
  });

  it('never answers an aged total a write has changed', async () => {
    const db = database();
    const moving = movingClock();
    await cachedCount(db, moving, 'status', async () => 5, reads('status'));
    moving.advance(45_000);
    forgetCaseCounts(db, { columns: ['status'] });
    expect(await cachedCount(db, moving, 'status', async () => 6, reads('status'))).toBe(6);
  });

  it('knows which columns a case-list count reads, scope and filters included', () => {
    const db = database();
    const firm = visibleParts({ role: 'lawfirmContactPerson', userId: 4, lawyerId: null, lawFirmId: 3 });
    expect(columnsRead(db, firm, filterConditions({ region: '440300' }))).toEqual(
      new Set(['law_firm_id', 'region_code']),
    );
    const all = visibleParts({ role: 'superAdmin', userId: 1, lawyerId: null, lawFirmId: null });
    expect(columnsRead(db, all, [])).toEqual(new Set());
    expect(columnsRead(db, all, filterConditions({ keyword: '张' }))).toEqual(
      new Set(['case_no', 'title', 'debtor_name', 'client_name']),
    );
  });
});
