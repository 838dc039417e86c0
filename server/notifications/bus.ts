import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Tells open message streams that a user may have new messages. A signal carries no message:
 * the stream then reads the user's committed messages after the last one it sent, so a
 * signal that comes early, twice or not at all can neither show an uncommitted message nor
 * repeat one (the stream's heartbeat reads again, which also covers a missed signal and
 * messages written by another process). Behind this interface so a PostgreSQL LISTEN/NOTIFY
 * bus (pg_notify inside the transaction is delivered on commit) can replace the in-process one.
 */
export interface MessageBus {
  publish(userIds: readonly number[]): void;
  /** Calls `listener` on every signal for the user until the returned function is called. */
  subscribe(userId: number, listener: () => void): () => void;
}

/** Signals within this process only (one server process, the default). */
export function inProcessBus(): MessageBus {
  const listeners = new Map<number, Set<() => void>>();
  return {
    publish(userIds) {
      for (const id of new Set(userIds)) for (const listener of listeners.get(id) ?? []) listener();
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      listeners.set(userId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}

let current: MessageBus = inProcessBus();

/** The bus notify() publishes to and streams subscribe to. */
export function messageBus(): MessageBus {
  return current;
}

/** Replaces the bus (at start-up, before any stream opens): e.g. one over PostgreSQL LISTEN/NOTIFY. */
export function useMessageBus(bus: MessageBus): void {
  current = bus;
}

const afterCommitOf = new WeakMap<object, Array<() => void>>();

/**
 * Runs `work` in a transaction and then, only if it committed, what it asked to run after
 * commit (afterCommit): a rolled-back hand-over signals nobody.
 */
export async function transact<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => {
    afterCommitOf.set(trx, callbacks);
    return work(trx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `callback` once the transaction `trx` has committed, when it was opened by transact();
 * for any other transaction, on the next turn of the event loop (a signal is only a hint, see
 * MessageBus: the stream reads committed rows, so an early one shows nothing too soon).
 */
export function afterCommit(trx: Kysely<Database>, callback: () => void): void {
  const callbacks = afterCommitOf.get(trx);
  if (callbacks) callbacks.push(callback);
  else setImmediate(callback);
}
