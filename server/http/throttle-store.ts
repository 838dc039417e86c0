/**
 * Where throttle counters live. One process keeps them in memory; several processes (WORKERS,
 * several hosts) need a store they share (the database, Redis) behind this same interface.
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
