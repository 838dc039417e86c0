import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { CasesTable, Database } from '../db/schema';

/**
 * Totals of the case list, remembered for a short while per filter and scope. Paging through
 * a list asks the same total again and again, and on a million cases a broad count (all
 * cases, one status, the pool) costs 50-100 ms where the page itself costs one.
 *
 * - Single flight: requests that miss one total at the same time share one count (200 users
 *   opening the same list count once, not 200 times). A count that fails is not remembered;
 *   the next request counts again.
 * - Exact after this process's writes: each total remembers the columns of `cases` its count
 *   reads (its filter and the caller's scope). A write names what it changed: new cases change
 *   every total; an update changes only the totals that read one of the updated columns (a
 *   transition changes status, position, lawyer and firm, so a total by region alone stays).
 *   A count running while a write lands is handed to its waiters but not remembered.
 * - Bounded staleness otherwise: writes from elsewhere (another API process, the seed, an
 *   operator's SQL) are seen within TTL_MS, 30 s, plus one count's time: a total that has aged
 *   past TTL_MS is still answered while one count runs again in the background, so no request
 *   waits for a recount that only the clock asked for (on a million cases that wait was
 *   seconds, every 30 s, for everyone on that list). Past STALE_MAX_MS, 60 s, nobody having
 *   asked for it meanwhile, requests wait for the new count as on a miss.
 */
const TTL_MS = 30_000;
const STALE_MAX_MS = 2 * TTL_MS;
const MAX_ENTRIES = 500;

export type CaseColumn = keyof CasesTable & string;

/** What a write changed in `cases`: new (or removed) rows, or these columns of existing rows. */
export type CaseWrite = { rows: 'inserted' } | { columns: readonly string[] };

interface Entry {
  total: unknown;
  at: number;
  reads: ReadonlySet<string>;
}

interface Flight {
  promise: Promise<unknown>;
  /** Set when a write lands while the count runs: its result is not remembered. */
  stale: boolean;
  reads?: ReadonlySet<string>;
}

interface Cache {
  totals: Map<string, Entry>;
  flights: Map<string, Flight>;
}

/** One cache per database, so every test server starts empty. */
const caches = new WeakMap<Kysely<Database>, Cache>();

function cacheOf(db: Kysely<Database>): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { totals: new Map(), flights: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The total under `key`: remembered, or being counted by another request, or counted now.
 * `reads` names the columns of `cases` the count depends on (see `columnsRead` in list.ts).
 */
export function cachedCount(
  db: Kysely<Database>,
  clock: Clock,
  key: string,
  count: () => Promise<number>,
  reads: () => Iterable<string>,
  onRefreshError?: (error: unknown) => void,
): Promise<number> {
  return cachedFigure(db, clock, `count:${key}`, count, reads, onRefreshError);
}

/**
 * Any figure computed from `cases` (a dashboard's aggregates), under the same rules as the
 * totals: single flight, forgotten by this process's writes to the columns it reads, counted
 * again in the background once TTL_MS old, at most STALE_MAX_MS old.
 */
export function cachedFigure<T>(
  db: Kysely<Database>,
  clock: Clock,
  key: string,
  compute: () => Promise<T>,
  reads: () => Iterable<string>,
  /** Told when a background recount fails (no request waits for it, so none would see it). */
  onRefreshError: (error: unknown) => void = () => {},
): Promise<T> {
  const cache = cacheOf(db);
  const now = clock.now().getTime();
  const hit = cache.totals.get(key);
  const age = hit ? now - hit.at : Number.POSITIVE_INFINITY;
  if (hit && age < TTL_MS) return Promise.resolve(hit.total as T);
  const running = cache.flights.get(key);
  if (hit && age < STALE_MAX_MS) {
    // A failed refresh leaves the old figure; the next request tries again.
    if (!running) computeInto(cache, key, now, compute, reads).catch(onRefreshError);
    return Promise.resolve(hit.total as T);
  }
  if (running) return running.promise as Promise<T>;
  return computeInto(cache, key, now, compute, reads);
}

/** Computes the figure as the one flight for `key`, and remembers it unless a write overtook it. */
function computeInto<T>(
  cache: Cache,
  key: string,
  now: number,
  compute: () => Promise<T>,
  reads: () => Iterable<string>,
): Promise<T> {
  const flight: Flight = { promise: Promise.resolve(0), stale: false, reads: new Set(reads()) };
  const promise = (async () => {
    try {
      const total = await compute();
      if (!flight.stale) {
        cache.totals.delete(key);
        if (cache.totals.size >= MAX_ENTRIES) cache.totals.delete(cache.totals.keys().next().value as string);
        cache.totals.set(key, { total, at: now, reads: flight.reads ?? new Set() });
      }
      return total;
    } finally {
      if (cache.flights.get(key) === flight) cache.flights.delete(key);
    }
  })();
  flight.promise = promise;
  cache.flights.set(key, flight);
  return promise;
}

const touches = (reads: ReadonlySet<string> | undefined, write: CaseWrite) =>
  'rows' in write || reads === undefined || write.columns.some((column) => reads.has(column));

/** After a write to `cases`: forgets the totals it can have changed, and only those. */
export function forgetCaseCounts(db: Kysely<Database>, write: CaseWrite): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache.totals) if (touches(entry.reads, write)) cache.totals.delete(key);
  for (const [key, flight] of cache.flights) {
    if (!touches(flight.reads, write)) continue;
    // Its waiters keep their answer; later requests count again, after the write.
    flight.stale = true;
    cache.flights.delete(key);
  }
}
