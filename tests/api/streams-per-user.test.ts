import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/notifications/notify';
import { openStreamCount } from '../../server/notifications/stream';
import { readStream } from '../stream-reader';
import { startServer, type TestServer } from './harness';

/** STREAMS_PER_USER: a user's stream past the cap ends their oldest, so a new tab always works. */

let server: TestServer;
beforeAll(async () => {
  // One-second heartbeats: a message reaches the streams at the latest then.
  server = await startServer({ STREAMS_PER_USER: '3', NOTIFY_HEARTBEAT_SECONDS: '1' });
});
afterAll(() => server.close());

type Role = Parameters<TestServer['sessionFor']>[0];

async function listen(role: Role) {
  const ticket = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', {
    token: await server.sessionFor(role),
  });
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/notifications/stream?ticket=${ticket.body.data.ticket}`, {
    signal: controller.signal,
  });
  const stream = readStream(res, controller);
  await stream.until(() => stream.ready);
  return stream;
}

async function tell(phone: string, caseNo: string) {
  const userId = await server.userId(phone);
  await server.app.db
    .transaction()
    .execute((trx) =>
      notify(
        trx,
        [userId],
        { kind: 'case.assigned', params: { caseNo, title: 't' }, link: null },
        server.clock.now(),
      ),
    );
}

/** Waits until the stream has ended (the server closed it). */
async function ended(stream: Awaited<ReturnType<typeof listen>>) {
  await stream.until(() => stream.ended).catch(() => undefined);
  return stream.ended;
}

describe('live streams per user', () => {
  it("ends the user's oldest stream, saying why, when a stream past STREAMS_PER_USER opens; others are untouched", async () => {
    const firm = await listen('lawfirmContactPerson');
    const tabs = [await listen('lawyer'), await listen('lawyer'), await listen('lawyer')];
    const fourth = await listen('lawyer');

    expect(await ended(tabs[0] as never)).toBe(true);
    expect(tabs[0]?.events.map((e) => e.event)).toContain('replaced');
    expect([tabs[1], tabs[2], fourth, firm].map((s) => s?.ended)).toEqual([false, false, false, false]);

    // The new tab hears its messages, as do the others still open.
    await tell('13800000005', 'CAP-0001');
    for (const stream of [fourth, tabs[1], tabs[2]]) {
      await stream?.until(() => stream.messages().some((m) => m.content.includes('CAP-0001')));
    }

    // The next one ends the next oldest; a stream its tab closed makes room without ending another.
    const fifth = await listen('lawyer');
    expect(await ended(tabs[1] as never)).toBe(true);
    tabs[2]?.close();
    await ended(tabs[2] as never);
    const lawyerId = await server.userId('13800000005');
    while (openStreamCount(server.app, lawyerId) > 2) await new Promise((r) => setTimeout(r, 10));
    const sixth = await listen('lawyer');
    await tell('13800000005', 'CAP-0002');
    for (const stream of [fourth, fifth, sixth])
      await stream.until(() => stream.messages().some((m) => m.content.includes('CAP-0002')));
    expect([fourth, fifth, sixth, firm].map((s) => s.ended)).toEqual([false, false, false, false]);
    for (const stream of [firm, fourth, fifth, sixth]) stream.close();
  });
});
