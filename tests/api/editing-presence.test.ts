import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presence } from '../../contract/presence';
import { readStream } from '../stream-reader';
import { startServer, type TestServer } from './harness';
import { secondAdministrator } from './version-fixtures';

/**
 * Who else has the same page or menu open in an editor (issue 21 "Presence"): a heartbeat, a
 * leave, entries that drop out when the heartbeat stops (the moved clock, never a wait), and a
 * `presence` event on the others' live message stream.
 */

let server: TestServer;
let first: { id: number; name: string; token: string };
let second: { id: number; name: string; token: string };
beforeAll(async () => {
  server = await startServer();
  first = await secondAdministrator(server, '张三');
  second = await secondAdministrator(server, '李四');
});
afterAll(() => server.close());

const presence = (method: 'PUT' | 'GET' | 'DELETE', url: string, token: string) =>
  server.call<Presence>(method, `/api${url}/presence`, { token });
const names = (p: { body: { data: Presence } }) => p.body.data.editors.map((e) => e.name);

async function streamOf(token: string) {
  const ticket = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/notifications/stream?ticket=${ticket.body.data.ticket}`, {
    signal: controller.signal,
  });
  const stream = readStream(res, controller);
  await stream.until(() => stream.ready);
  return stream;
}
const presenceEvents = (stream: Awaited<ReturnType<typeof streamOf>>) =>
  stream.events.filter((e) => e.event === 'presence').length;

describe('who else has a page open in the editor', () => {
  it('shows each administrator the other, never themselves, and tells the first on their stream', async () => {
    const url = '/pages/account-center';
    const alone = await presence('PUT', url, first.token);
    expect(alone.status).toBe(200);
    expect(alone.body.data).toEqual({ editors: [], heartbeatSeconds: expect.any(Number) });

    const stream = await streamOf(first.token);
    const joined = await presence('PUT', url, second.token);
    expect(names(joined)).toEqual(['张三']);
    await stream.until(() => presenceEvents(stream) === 1);
    expect(names(await presence('GET', url, first.token))).toEqual(['李四']);

    // A heartbeat of someone already there changes nothing: no event for it.
    await presence('PUT', url, second.token);
    await presence('DELETE', url, second.token);
    await stream.until(() => presenceEvents(stream) === 2);
    expect(names(await presence('GET', url, first.token))).toEqual([]);
    stream.close();
    await presence('DELETE', url, first.token);
  });

  it('drops an editor whose heartbeat stopped, and keeps one whose heartbeat goes on', async () => {
    const url = '/pages/user-info';
    const window = (await presence('PUT', url, first.token)).body.data.heartbeatSeconds * 3 * 1000;
    await presence('PUT', url, second.token);
    server.clock.advance(window / 2);
    await presence('PUT', url, first.token);
    server.clock.advance(window / 2 + 1000);
    // The second's last heartbeat is older than the window; the first's is not.
    expect(names(await presence('GET', url, first.token))).toEqual([]);
    expect(names(await presence('GET', url, second.token))).toEqual(['张三']);
    // Back again: the first hears of it.
    const stream = await streamOf(first.token);
    expect(names(await presence('PUT', url, second.token))).toEqual(['张三']);
    await stream.until(() => presenceEvents(stream) === 1);
    stream.close();
  });

  it('keeps pages and menus apart', async () => {
    await presence('PUT', '/menus/lawyer', first.token);
    expect(names(await presence('PUT', '/menus/lawyer', second.token))).toEqual(['张三']);
    expect(names(await presence('GET', '/menus/admin', second.token))).toEqual([]);
    expect(names(await presence('GET', '/pages/account-center', second.token))).toEqual([]);
  });

  it('refuses whoever may not edit pages or menus with 403, and an unknown page with 404', async () => {
    for (const role of ['admin', 'lawyer', 'caseOperation'] as const) {
      const token = await server.tokenFor(role);
      expect((await presence('PUT', '/pages/account-center', token)).status).toBe(403);
      expect((await presence('GET', '/menus/lawyer', token)).status).toBe(403);
    }
    expect((await presence('PUT', '/pages/no-such-page', first.token)).status).toBe(404);
  });
});
