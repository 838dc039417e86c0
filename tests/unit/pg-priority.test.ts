import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { urgently, withUrgentLane } from '../../server/db/pg-priority';

/** A pool of `size` clients that, like pg's, sets `release` afresh on each client it hands out. */
function fakePool(size: number) {
  const idle = Array.from({ length: size }, (_, i) => ({ id: i }));
  let out = 0;
  let most = 0;
  const pool: PostgresPool = {
    async connect() {
      const client = idle.pop();
      if (!client) throw new Error('the gate let more through than the pool holds');
      out++;
      most = Math.max(most, out);
      const handed = client as unknown as PostgresPoolClient & { id: number };
      handed.release = () => {
        out--;
        idle.push(client);
      };
      return handed;
    },
    async end() {},
  };
  return { pool, most: () => most, out: () => out };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the urgent lane of the PostgreSQL pool', () => {
  it('never hands out more than its size, and serves urgent work before work that queued first', async () => {
    const fake = fakePool(2);
    const gate = withUrgentLane(fake.pool, 2);
    const a = await gate.connect();
    const b = await gate.connect();
    const order: string[] = [];
    const queued = [1, 2, 3].map((n) =>
      gate.connect().then((c) => {
        order.push(`queued ${n}`);
        return c;
      }),
    );
    await tick();
    const urgent = urgently(() =>
      gate.connect().then((c) => {
        order.push('urgent');
        return c;
      }),
    );
    await tick();
    expect(order).toEqual([]);
    a.release();
    const first = await urgent;
    expect(order).toEqual(['urgent']);
    b.release();
    const second = await queued[0];
    expect(order).toEqual(['urgent', 'queued 1']);
    first.release();
    second.release();
    for (const c of await Promise.all(queued.slice(1))) c.release();
    expect(order).toEqual(['urgent', 'queued 1', 'queued 2', 'queued 3']);
    expect(fake.most()).toBe(2);
    expect(fake.out()).toBe(0);
  });

  it('gives a slot back once however often a client is released, and when the pool refuses', async () => {
    const fake = fakePool(1);
    const gate = withUrgentLane(fake.pool, 1);
    const a = await gate.connect();
    a.release();
    a.release();
    const b = await gate.connect();
    // The second release of `a` gave nothing away: a third caller waits for `b`.
    let third = false;
    const waiting = gate.connect().then((c) => {
      third = true;
      return c;
    });
    await tick();
    expect(third).toBe(false);
    b.release();
    (await waiting).release();
    const broken = withUrgentLane(
      {
        connect: () => Promise.reject(new Error('server gone')),
        end: async () => {},
      },
      1,
    );
    await expect(broken.connect()).rejects.toThrow('server gone');
    await expect(broken.connect()).rejects.toThrow('server gone');
  });
});
