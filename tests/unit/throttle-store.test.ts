import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { databaseThrottleStore, memoryThrottleStore } from '../../server/http/throttle-store';

const MINUTE = 60_000;

describe('the in-memory throttle store', () => {
  it('counts the requests of a key in a window that opens with its first request', async () => {
    const store = memoryThrottleStore();
    expect(await store.hit('a', MINUTE, 1000)).toEqual({ count: 1, resetAtMs: 1000 + MINUTE });
    expect(await store.hit('a', MINUTE, 30_000)).toEqual({ count: 2, resetAtMs: 1000 + MINUTE });
    expect(await store.hit('b', MINUTE, 30_000)).toEqual({ count: 1, resetAtMs: 30_000 + MINUTE });
    expect(await store.hit('a', MINUTE, 1000 + MINUTE)).toEqual({ count: 1, resetAtMs: 1000 + 2 * MINUTE });
  });

  it('keeps at most maxKeys counters, dropping closed windows first, then the oldest', async () => {
    const store = memoryThrottleStore(3);
    await store.hit('old', MINUTE, 0);
    await store.hit('a', MINUTE, 10_000);
    await store.hit('b', MINUTE, 20_000);
    await store.hit('b', MINUTE, 20_000);
    // 'old' has closed: it makes room and 'a' and 'b' keep counting.
    await store.hit('c', MINUTE, MINUTE + 5000);
    expect((await store.hit('b', MINUTE, MINUTE + 5000)).count).toBe(3);
    expect((await store.hit('a', MINUTE, MINUTE + 5000)).count).toBe(2);
    // All three open and full: a new key pushes out the oldest window, 'a'.
    await store.hit('d', MINUTE, MINUTE + 6000);
    expect((await store.hit('b', MINUTE, MINUTE + 6000)).count).toBe(4);
    expect((await store.hit('a', MINUTE, MINUTE + 6000)).count).toBe(1);
  });
});

/**
 * The shared store every server process counts in: the same windows as in memory, on SQLite
 * and on PostgreSQL (PGlite here; the multi-process tests run it on a real server), and
 * counts that several processes make at once are neither lost nor doubled.
 */
describe.each([
  ['SQLite', 'sqlite::memory:'],
  ['PostgreSQL (PGlite)', 'pglite:'],
])('the database throttle store on %s', (_name, url) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase(url, PROJECT_ROOT);
    await migrateToLatest(handle.db);
  }, 120_000);
  afterAll(() => handle.close());

  it('counts the requests of a key in a window that opens with its first request', async () => {
    const store = databaseThrottleStore(handle.db);
    expect(await store.hit('a', MINUTE, 1000)).toEqual({ count: 1, resetAtMs: 1000 + MINUTE });
    expect(await store.hit('a', MINUTE, 30_000)).toEqual({ count: 2, resetAtMs: 1000 + MINUTE });
    expect(await store.hit('b', MINUTE, 30_000)).toEqual({ count: 1, resetAtMs: 30_000 + MINUTE });
    expect(await store.hit('a', MINUTE, 1000 + MINUTE)).toEqual({ count: 1, resetAtMs: 1000 + 2 * MINUTE });
  });

  it('counts hits made at once through several stores (processes) exactly once each', async () => {
    const stores = [1, 2, 3].map(() => databaseThrottleStore(handle.db));
    const now = Date.now();
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => stores[i % 3].hit('together', MINUTE, now)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('deletes closed windows as requests go by', async () => {
    const store = databaseThrottleStore(handle.db);
    const now = Date.now() + 10 * MINUTE;
    await store.hit('stale', MINUTE, now - 2 * MINUTE);
    await store.hit('fresh', MINUTE, now);
    const keys = await handle.db.selectFrom('throttle_windows').select('key').execute();
    expect(keys.map((k) => k.key)).not.toContain('stale');
    expect(keys.map((k) => k.key)).toContain('fresh');
  });
});
