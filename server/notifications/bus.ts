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
 * What a signal is about: a user's new messages (the stream reads them), or a change of who has
 * the same page or menu open in an editor (`presence`, server/presence/: the stream tells the
 * browser, which reads who is there).
 */
export type SignalTopic = 'messages' | 'presence';
const TOPICS: readonly SignalTopic[] = ['messages', 'presence'];

/** A topic's payloads start with its name (`presence:3,7`); the messages' stay bare ids. */
const prefixOf = (topic: SignalTopic) => (topic === 'messages' ? '' : `${topic}:`);

/**
 * Signals to every process on the database (PostgreSQL LISTEN/NOTIFY, server/db/signals.ts):
 * publishing sends the user ids (comma-separated, in payloads NOTIFY takes) after commit, each
 * process's listener hands them to the streams it holds, its own included. Signals lost while
 * a listener was reconnecting are made good by waking every stream it holds once it is back;
 * a failed send is logged and made good by the streams' heartbeat (a late message, never a
 * lost one). The topics share the one channel (one listening connection per process):
 * `topic('presence')` is the bus of that topic.
 */
export function signalBus(
  channel: SignalChannel,
  log: (err: unknown) => void,
): MessageBus & { start(): Promise<void>; topic(name: SignalTopic): MessageBus } {
  const locals = new Map(TOPICS.map((t) => [t, inProcessBus()]));
  const busOf = (topic: SignalTopic): MessageBus => ({
    publish(userIds) {
      for (const payload of payloadsOf([...new Set(userIds)], prefixOf(topic)))
        channel.send(payload).catch(log);
    },
    subscribe: (userId, listener) => locals.get(topic)!.subscribe(userId, listener),
  });
  return {
    start: () =>
      channel.listen(
        (payload) => {
          const topic = TOPICS.find((t) => t !== 'messages' && payload.startsWith(prefixOf(t))) ?? 'messages';
          const ids = payload.slice(prefixOf(topic).length).split(',').map(Number).filter(Number.isInteger);
          locals.get(topic)!.publish(ids);
        },
        () => {
          for (const local of locals.values()) local.publishToAll();
        },
      ),
    ...busOf('messages'),
    topic: busOf,
  };
}

/** User ids as comma-separated payloads after `prefix`, each under NOTIFY's size limit. */
function payloadsOf(ids: readonly number[], prefix: string): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const id of ids) {
    const part = String(id);
    if (current && prefix.length + current.length + 1 + part.length > SIGNAL_PAYLOAD_MAX) {
      payloads.push(prefix + current);
      current = '';
    }
    current = current ? `${current},${part}` : part;
  }
  if (current) payloads.push(prefix + current);
  return payloads;
}

const buses = new Map<SignalTopic, MessageBus>(TOPICS.map((t) => [t, inProcessBus()]));

/** The bus of a topic: notify() publishes messages to it, streams subscribe to it. */
export function messageBus(topic: SignalTopic = 'messages'): MessageBus {
  return buses.get(topic)!;
}

/** Replaces a topic's bus (at start-up, before any stream opens): e.g. one over PostgreSQL LISTEN/NOTIFY. */
export function setMessageBus(bus: MessageBus, topic: SignalTopic = 'messages'): void {
  buses.set(topic, bus);
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
