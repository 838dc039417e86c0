import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Database } from '../db/schema';

/**
 * Totals of the case list, remembered for a short while per filter and scope. Paging through
 * a list asks the same total again and again, and on a million cases a broad count (all
 * cases, one status, the pool) costs 50-100 ms where the page itself costs one. Any case write
 * through this service forgets every total at once; the time limit bounds how stale a total
 * can be after writes from elsewhere (another process, the seed).
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

interface Entry {
  total: number;
  at: number;
}

/** One cache per database, so every test server starts empty. */
const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

export async function cachedCount(
  db: Kysely<Database>,
  clock: Clock,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = clock.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.total;
  const total = await count();
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { total, at: now });
  return total;
}

/** After a write that can change which cases match a filter. */
export function forgetCaseCounts(db: Kysely<Database>): void {
  caches.get(db)?.clear();
}
