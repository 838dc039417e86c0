import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Where throttle counters live: the database (`databaseThrottleStore`, what the server uses,
 * so every process and host behind one address counts together) or one process's memory
 * (`memoryThrottleStore`). Another shared store (Redis) would fit the same interface.
 */
export interface ThrottleStore {
  /**
   * Counts one request under `key`. A window opens with a key's first request and lasts
   * `windowMs`; answers the requests counted in it so far and when it closes (epoch ms).
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

/**
 * Counters in this process's memory, at most `maxKeys` of them: closed windows are dropped
 * first; when every window is still open, the oldest goes (a flood from that many addresses
 * can reset a counter, never grow the heap without bound).
 */
export function memoryThrottleStore(maxKeys = 100_000): ThrottleStore {
  // Insertion order is opening order, so closed windows gather at the front.
  const windows = new Map<string, { count: number; resetAtMs: number }>();

  function makeRoom(nowMs: number) {
    for (const [key, window] of windows) {
      if (window.resetAtMs > nowMs && windows.size < maxKeys) break;
      windows.delete(key);
      if (window.resetAtMs > nowMs) break;
    }
  }

  return {
    async hit(key, windowMs, nowMs) {
      let window = windows.get(key);
      if (!window || window.resetAtMs <= nowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(nowMs);
        window = { count: 0, resetAtMs: nowMs + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetAtMs: window.resetAtMs };
    },
  };
}

/**
 * Counters in the database, shared by every server process (WORKERS) and host on it. One
 * statement counts a request, atomically on SQLite and PostgreSQL alike: the key's row is
 * created with 1, counted up while its window is open, or started again at 1 once it closed.
 * Closed windows are deleted at most once a window's length per process. Costs one small write
 * per throttled request (sign-in, SMS codes, registration, resets, stream tickets), next to a
 * sign-in's password hashing too little to measure (README "Running at scale").
 */
export function databaseThrottleStore(db: Kysely<Database>): ThrottleStore {
  let nextSweepMs = 0;
  return {
    async hit(key, windowMs, nowMs) {
      if (nowMs >= nextSweepMs) {
        nextSweepMs = nowMs + windowMs;
        await db.deleteFrom('throttle_windows').where('reset_at_ms', '<=', nowMs).execute();
      }
      const closed = sql<boolean>`throttle_windows.reset_at_ms <= ${nowMs}`;
      const row = await db
        .insertInto('throttle_windows')
        .values({ key, count: 1, reset_at_ms: nowMs + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${closed} then 1 else throttle_windows.count + 1 end`,
            reset_at_ms: sql<number>`case when ${closed} then excluded.reset_at_ms else throttle_windows.reset_at_ms end`,
          }),
        )
        .returning(['count', 'reset_at_ms'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAtMs: Number(row.reset_at_ms) };
    },
  };
}
