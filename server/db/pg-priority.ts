/**
 * PostgreSQL's pool with a lane for work a person is waiting on at a door: a sign-in. pg's own
 * pool serves whoever asked first, and under a bulk job with 46 list connections a sign-in
 * waited its turn for one of the ten connections three times (the user, the attempt's claim,
 * the session: about 90 ms each, bench/README.md), on top of its deliberately slow password
 * hash. Here the pool's connections are handed out by a gate of the same size: work started
 * under `urgently` is served before everything queued, everything else in the order it asked.
 * No connection is added and nothing is ever refused; only the order of the queue changes, and
 * urgent work is a few statements of one request at a time, so nothing else starves.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

const lane = new AsyncLocalStorage<true>();

/** Runs `work` with its database connections served before queued ones (PostgreSQL's pool). */
export function urgently<T>(work: () => Promise<T>): Promise<T> {
  return lane.run(true, work);
}

/** A pg pool (or anything Kysely takes as one) behind a gate of `max` connections with an urgent lane. */
export function withUrgentLane(pool: PostgresPool, max: number): PostgresPool {
  let free = max;
  const urgent: Array<() => void> = [];
  const queued: Array<() => void> = [];
  const next = () => {
    const wake = urgent.shift() ?? queued.shift();
    if (wake) wake();
    else free++;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => (lane.getStore() ? urgent : queued).push(resolve));
      let client: PostgresPoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        next();
        throw err;
      }
      // pg sets `release` afresh each time it hands a client out; this one gives the slot on.
      const release = client.release;
      let released = false;
      // An error passed on (pg then drops a broken client instead of keeping it).
      client.release = function (this: PostgresPoolClient, ...args: unknown[]) {
        if (released) return;
        released = true;
        client.release = release;
        (release as (...a: unknown[]) => void).apply(client, args);
        next();
      };
      return client;
    },
    end: () => pool.end(),
  };
}
