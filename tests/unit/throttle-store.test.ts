import { describe, expect, it } from 'vitest';
import { memoryThrottleStore } from '../../server/http/throttle-store';

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
