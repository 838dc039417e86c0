import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/notifications/notify';
import { readStream } from '../stream-reader';
import { startServer, type TestServer } from './harness';

/**
 * The live message stream (GET /api/notifications/stream): opened with a one-time ticket,
 * each user hears only their own messages, a reconnect resumes after the last id seen, a
 * comment line beats while nothing happens, and closing the server ends open streams.
 */

let server: TestServer;
beforeAll(async () => {
  // One-second heartbeats, so the test that waits for one does not wait long.
  server = await startServer({ NOTIFY_HEARTBEAT_SECONDS: '1' });
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];
/** A reader of one stream: every event received so far, and a way to wait for one. */
async function listen(role: Role, opts: { after?: number; lastEventId?: string; ticket?: string } = {}) {
  const ticket = opts.ticket ?? (await ticketFor(role));
  const query = new URLSearchParams({ ticket, lang: 'en-US' });
  if (opts.after !== undefined) query.set('after', String(opts.after));
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(`${server.url}/api/notifications/stream?${query}`, {
    headers,
    signal: controller.signal,
  });
  return readStream(res, controller);
}

async function ticketFor(role: Role): Promise<string> {
  const res = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', {
    token: await server.tokenFor(role),
  });
  expect(res.status).toBe(200);
  return res.body.data.ticket;
}

const phoneOf: Record<Role, string> = {
  superAdmin: '13800000001',
  caseOperation: '13800000002',
  bussinessOperation: '13800000003',
  lawfirmContactPerson: '13800000004',
  lawyer: '13800000005',
  admin: '13800000006',
};

/** A message to one user, written the way every hand-over writes it. */
async function tell(role: Role, caseNo: string): Promise<void> {
  const userId = await server.userId(phoneOf[role]);
  await server.app.db
    .transaction()
    .execute((trx) =>
      notify(
        trx,
        [userId],
        { kind: 'case.assigned', params: { caseNo, title: 't' }, link: '/case/processing/1' },
        new Date(),
      ),
    );
}

describe('live message stream', () => {
  it('gives two users each only their own messages, rendered in the stream’s language', async () => {
    const lawyer = await listen('lawyer');
    const firm = await listen('lawfirmContactPerson');
    expect(lawyer.res.status).toBe(200);
    expect(lawyer.res.headers.get('content-type')).toContain('text/event-stream');
    // The security headers of every answer survive the hand-written stream.
    expect(lawyer.res.headers.get('x-frame-options')).toBe('DENY');
    expect(lawyer.res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    await tell('lawyer', 'L-ONLY-1');
    await tell('lawfirmContactPerson', 'F-ONLY-1');
    await tell('lawyer', 'L-ONLY-2');
    await lawyer.until(() => lawyer.messages().length === 2);
    await firm.until(() => firm.messages().length === 1);
    expect(lawyer.messages().map((m) => m.content)).toEqual([
      expect.stringContaining('L-ONLY-1'),
      expect.stringContaining('L-ONLY-2'),
    ]);
    expect(lawyer.messages()[0]).toMatchObject({
      title: 'A case was assigned to you',
      link: '/case/processing/1',
      status: 0,
    });
    expect(firm.messages()[0].content).toContain('F-ONLY-1');
    const lawyerId = await server.userId(phoneOf.lawyer);
    const owners = await server.app.db
      .selectFrom('messages')
      .select('user_id')
      .where(
        'id',
        'in',
        lawyer.messages().map((m) => m.id),
      )
      .execute();
    expect(owners.every((o) => o.user_id === lawyerId)).toBe(true);
    lawyer.close();
    firm.close();
  });

  it('after a reconnect with Last-Event-ID sends exactly the missed messages, none twice', async () => {
    const first = await listen('caseOperation');
    await tell('caseOperation', 'R-1');
    await first.until(() => first.messages().length === 1);
    const seen = first.messages()[0].id;
    first.close();
    await tell('caseOperation', 'R-2');
    await tell('caseOperation', 'R-3');

    const again = await listen('caseOperation', { lastEventId: String(seen) });
    await again.until(() => again.messages().length === 2);
    await tell('caseOperation', 'R-4');
    await again.until(() => again.messages().length === 3);
    expect(again.messages().map((m) => m.content.match(/R-\d/)?.[0])).toEqual(['R-2', 'R-3', 'R-4']);
    // ?after= does the same for a client that reopens by hand.
    const byQuery = await listen('caseOperation', { after: seen });
    await byQuery.until(() => byQuery.messages().length === 3);
    expect(byQuery.messages().map((m) => m.id)).toEqual(again.messages().map((m) => m.id));
    again.close();
    byQuery.close();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const quiet = await listen('admin');
    await quiet.until(() => quiet.events.some((e) => e.comment === 'heartbeat'));
    expect(quiet.messages()).toEqual([]);
    quiet.close();
  });

  it('refuses a stream without a ticket, or with a session token instead of one, with 401', async () => {
    const none = await fetch(`${server.url}/api/notifications/stream`);
    expect(none.status).toBe(401);
    const token = await server.tokenFor('lawyer');
    const withToken = await fetch(`${server.url}/api/notifications/stream?ticket=${token}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(401);
    expect(((await withToken.json()) as { code: number }).code).toBe(50008);
    const ticket = await server.call('POST', '/api/notifications/ticket', {});
    expect(ticket.status).toBe(401);
  });

  it('opens one stream per ticket: the second use is refused', async () => {
    const ticket = await ticketFor('lawyer');
    const first = await listen('lawyer', { ticket });
    expect(first.res.status).toBe(200);
    const second = await listen('lawyer', { ticket });
    expect(second.res.status).toBe(401);
    first.close();
  });

  it('refuses a Last-Event-ID that is not a message id with 400', async () => {
    const bad = await listen('lawyer', { lastEventId: 'x1' });
    expect(bad.res.status).toBe(400);
  });

  it('ends the stream when the session is signed out', async () => {
    const token = await server.login(phoneOf.bussinessOperation);
    const res = await server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
    const stream = await listen('bussinessOperation', { ticket: res.body.data.ticket });
    await server.call('POST', '/api/logout', { token });
    await stream.until(() => stream.ended);
    expect(stream.ended).toBe(true);
  });
});

describe('closing the server', () => {
  it('ends open streams instead of waiting for them', async () => {
    const other = await startServer();
    const token = (
      await other.call<{ token: string }>('POST', '/api/login', {
        body: { phone: phoneOf.lawyer, password: 'Demo@2026' },
      })
    ).body.data.token;
    const ticket = (await other.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token })).body
      .data.ticket;
    const res = await fetch(`${other.url}/api/notifications/stream?ticket=${ticket}`);
    expect(res.status).toBe(200);
    const body = res.body?.getReader();
    await other.close();
    // The stream's body ends (done) once the server has closed it.
    let ended = false;
    while (!ended) ended = (await body?.read())?.done ?? true;
    expect(ended).toBe(true);
  });
});
