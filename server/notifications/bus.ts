import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SIGNAL_PAYLOAD_MAX, type SignalChannel } from '../db/signals';

/**
 * Tells open message streams that a user may have new messages. A signal carries no message:
 * the stream then reads the user's committed messages after the last one it sent, so a
 * signal that comes early, twice or not at all can neither show an uncommitted message nor
 * repeat one (the stream's heartbeat reads again, which also covers a missed signal and
 * messages written by another process). In-process (`inProcessBus`) on SQLite and PGlite;
 * across every process on a PostgreSQL server (`signalBus`, LISTEN/NOTIFY).
 */
export interface MessageBus {
  publish(userIds: readonly number[]): void;
  /** Calls `listener` on every signal for the user until the returned function is called. */
  subscribe(userId: number, listener: () => void): () => void;
}

/** Signals within this process only (one server process, the default). */
export function inProcessBus(): MessageBus & { publishToAll(): void } {
  const listeners = new Map<number, Set<() => void>>();
  return {
    publishToAll() {
      for (const set of listeners.values()) for (const listener of set) listener();
    },
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

/**
 * Signals to every process on the database (PostgreSQL LISTEN/NOTIFY, server/db/signals.ts):
 * publishing sends the user ids (comma-separated, in payloads NOTIFY takes) after commit, each
 * process's listener hands them to the streams it holds, its own included. Signals lost while
 * a listener was reconnecting are made good by waking every stream it holds once it is back;
 * a failed send is logged and made good by the streams' heartbeat (a late message, never a
 * lost one).
 */
export function signalBus(
  channel: SignalChannel,
  log: (err: unknown) => void,
): MessageBus & { start(): Promise<void> } {
  const local = inProcessBus();
  return {
    start: () =>
      channel.listen(
        (payload) => {
          const ids = payload.split(',').map(Number).filter(Number.isInteger);
          local.publish(ids);
        },
        () => local.publishToAll(),
      ),
    publish(userIds) {
      for (const payload of payloadsOf([...new Set(userIds)])) channel.send(payload).catch(log);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
  };
}

/** User ids as comma-separated payloads, each under NOTIFY's size limit. */
function payloadsOf(ids: readonly number[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const id of ids) {
    const part = String(id);
    if (current && current.length + 1 + part.length > SIGNAL_PAYLOAD_MAX) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${part}` : part;
  }
  if (current) payloads.push(current);
  return payloads;
}

let current: MessageBus = inProcessBus();

/** The bus notify() publishes to and streams subscribe to. */
export function messageBus(): MessageBus {
  return current;
}

/** Replaces the bus (at start-up, before any stream opens): e.g. one over PostgreSQL LISTEN/NOTIFY. */
export function setMessageBus(bus: MessageBus): void {
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
