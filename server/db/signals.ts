import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * Short signals between every process on one PostgreSQL database: LISTEN/NOTIFY. A signal is
 * a hint (a text of at most a few kilobytes), never data: a process that misses one (its
 * listening connection was down) must be able to catch up by reading the database, which is
 * why `onReconnect` is called each time listening starts again after a loss.
 */
export interface SignalChannel {
  /** Sends `payload` to every process listening on the database, this one included. */
  send(payload: string): Promise<void>;
  /**
   * Starts listening on a connection of its own (not one of the pool's: a pooled connection is
   * lent to others between queries). Resolves once listening; reconnects by itself after a loss.
   */
  listen(onSignal: (payload: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
}

/** The longest payload PostgreSQL's NOTIFY takes is 8000 bytes; senders keep under this. */
export const SIGNAL_PAYLOAD_MAX = 7000;

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

export function pgSignalChannel(
  url: string,
  db: Kysely<Database>,
  channel: string,
  log: (msg: string) => void = (msg) => console.warn(`[casedesk] ${msg}`),
): SignalChannel {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(onSignal: (payload: string) => void): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const onLoss = (why: string) => {
      if (lost || closed) return;
      lost = true;
      if (client === c) client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      log(`listening for signals on PostgreSQL lost (${why}); trying again in ${retryMs} ms`);
      scheduleRetry(onSignal);
    };
    // Registered before connecting: an error must never be an unhandled 'error' event.
    c.on('error', (err) => onLoss(err.message));
    c.on('end', () => onLoss('connection ended'));
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onSignal(m.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      onLoss((err as Error).message);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = RETRY_FIRST_MS;
  }

  let reconnected: () => void = () => {};
  function scheduleRetry(onSignal: (payload: string) => void) {
    if (closed || retryTimer) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect(onSignal).then(
        () => {
          if (client) reconnected();
        },
        () => {},
      );
    }, wait);
    retryTimer.unref();
  }

  return {
    async send(payload) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async listen(onSignal, onReconnect) {
      reconnected = onReconnect;
      await connect(onSignal);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
