import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { SIGNAL_PAYLOAD_MAX, type SignalChannel } from '../../server/db/signals';
import { signalBus } from '../../server/notifications/bus';
import { databaseUrl, withAdmin } from '../api/test-database';

/** A channel every "process" of one test shares, standing in for PostgreSQL's NOTIFY. */
function fakeChannel() {
  const listeners: Array<(payload: string) => void> = [];
  const reconnects: Array<() => void> = [];
  const sent: string[] = [];
  const channel: SignalChannel = {
    async send(payload) {
      sent.push(payload);
      for (const l of listeners) l(payload);
    },
    async listen(onSignal, onReconnect) {
      listeners.push(onSignal);
      reconnects.push(onReconnect);
    },
    async close() {},
  };
  const reconnect = () => {
    for (const r of reconnects) r();
  };
  return { channel, sent, reconnect };
}

describe('the message bus over a signal channel (several processes)', () => {
  it('brings a signal published by one process to the streams another holds, for their users only', async () => {
    const { channel } = fakeChannel();
    const a = signalBus(channel, () => {});
    const b = signalBus(channel, () => {});
    await a.start();
    await b.start();
    const heard: number[] = [];
    b.subscribe(7, () => heard.push(7));
    b.subscribe(8, () => heard.push(8));
    a.publish([7, 7, 9]);
    await Promise.resolve();
    expect(heard).toEqual([7]);
  });

  it('splits many user ids into payloads NOTIFY takes, losing none', async () => {
    const { channel, sent } = fakeChannel();
    const bus = signalBus(channel, () => {});
    await bus.start();
    const ids = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const heard = new Set<number>();
    for (const id of ids) bus.subscribe(id, () => heard.add(id));
    bus.publish(ids);
    await Promise.resolve();
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((p) => p.length <= SIGNAL_PAYLOAD_MAX)).toBe(true);
    expect(heard.size).toBe(ids.length);
  });

  it('wakes every stream it holds once listening is back after a loss (they read what they missed)', async () => {
    const { channel, reconnect } = fakeChannel();
    const bus = signalBus(channel, () => {});
    await bus.start();
    const woken: number[] = [];
    bus.subscribe(1, () => woken.push(1));
    bus.subscribe(2, () => woken.push(2));
    reconnect();
    expect(woken.sort()).toEqual([1, 2]);
  });

  it('logs a signal it could not send instead of failing the write', async () => {
    const failing: SignalChannel = {
      send: async () => {
        throw new Error('connection refused');
      },
      listen: async () => {},
      close: async () => {},
    };
    const logged: unknown[] = [];
    const bus = signalBus(failing, (err) => logged.push(err));
    bus.publish([1]);
    await new Promise((r) => setImmediate(r));
    expect(logged).toHaveLength(1);
  });
});

/** LISTEN/NOTIFY on the real PostgreSQL server (TEST_PG_URL): two handles as two processes. */
describe.skipIf(!process.env.TEST_PG_URL)('signals on a PostgreSQL server', () => {
  const adminUrl = process.env.TEST_PG_URL as string;
  const name = `casedesk_signals_${randomBytes(4).toString('hex')}`;
  let one: DatabaseHandle;
  let two: DatabaseHandle;
  beforeAll(async () => {
    await withAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
    one = connectDatabase(databaseUrl(adminUrl, name), PROJECT_ROOT);
    two = connectDatabase(databaseUrl(adminUrl, name), PROJECT_ROOT);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
  });

  it('delivers across connections, and listens again after its connection is killed', async () => {
    const heard: string[] = [];
    const waiters: Array<() => void> = [];
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((w) => waiters.push(w));
    };
    let reconnected = 0;
    await two.signals?.listen(
      (payload) => {
        heard.push(payload);
        for (const w of waiters.splice(0)) w();
      },
      () => {
        reconnected++;
        for (const w of waiters.splice(0)) w();
      },
    );
    await one.signals?.send('1,2,3');
    await until(() => heard.includes('1,2,3'));

    // The server ends the listening connection (a restart, a network cut).
    await withAdmin(adminUrl, (c) =>
      c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
        [name],
      ),
    );
    await until(() => reconnected === 1);
    await one.signals?.send('4');
    await until(() => heard.includes('4'));
  });
});
