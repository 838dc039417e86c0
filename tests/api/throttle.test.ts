import { afterEach, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { freshPhone } from './fixtures';
import { startServer, type TestServer } from './harness';

const MINUTE = 60_000;

/** Realistic low limits, one per throttle. */
const LIMITS = {
  LOGIN_RATE_PER_MIN: '3',
  SMS_RATE_PER_MIN: '2',
  REGISTER_RATE_PER_MIN: '2',
  RESET_RATE_PER_MIN: '2',
  PASSWORD_CHANGE_RATE_PER_MIN: '2',
  TICKET_RATE_PER_MIN: '2',
};

let server: TestServer;
afterEach(() => server.close());

/** A server with the low limits; its clock stands still unless a test moves it. */
async function start(env: Record<string, string> = {}) {
  server = await startServer({ ...LIMITS, ...env });
  server.clock.stop();
  return server;
}

function signIn(headers: Record<string, string> = {}) {
  return server.call('POST', '/api/login', {
    body: { phone: '13800000003', password: DEMO_PASSWORD },
    headers,
  });
}

async function statuses(n: number, request: () => Promise<{ status: number }>) {
  const answers: number[] = [];
  for (let i = 0; i < n; i++) answers.push((await request()).status);
  return answers;
}

describe('per-client throttles', () => {
  it('lets LOGIN_RATE_PER_MIN sign-in attempts a minute through, then answers 429 with Retry-After', async () => {
    await start();
    expect(await statuses(3, () => signIn())).toEqual([200, 200, 200]);
    const refused = await signIn();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: 'fail',
      code: CODES.tooManyRequests,
      msg: '请求过于频繁，请 60 秒后再试',
    });
    expect(refused.headers.get('retry-after')).toBe('60');

    server.clock.advance(45_000);
    const later = await signIn({ 'accept-language': 'en-US' });
    expect(later.body.msg).toBe('Too many requests; try again in 15 seconds');
    expect(later.headers.get('retry-after')).toBe('15');
  });

  it('opens again when the minute is over', async () => {
    await start();
    expect(await statuses(4, () => signIn())).toEqual([200, 200, 200, 429]);
    server.clock.advance(MINUTE - 1000);
    expect((await signIn()).status).toBe(429);
    server.clock.advance(1000);
    expect((await signIn()).status).toBe(200);
  });

  it('takes the default of 20 sign-in attempts a minute', async () => {
    server = await startServer({ LOGIN_RATE_PER_MIN: '' });
    server.clock.stop();
    const wrong = () =>
      server.call('POST', '/api/login', { body: { phone: freshPhone(), password: 'Wrong@2026' } });
    const answers = await statuses(21, wrong);
    expect(answers.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    await start();
    const answers = [];
    for (let i = 1; i <= 4; i++) answers.push((await signIn({ 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('counts each client named by a trusted proxy apart', async () => {
    await start({ TRUST_PROXY: '127.0.0.1' });
    const from = (ip: string) => () => signIn({ 'x-forwarded-for': ip });
    expect(await statuses(4, from('203.0.113.7'))).toEqual([200, 200, 200, 429]);
    expect(await statuses(3, from('198.51.100.2'))).toEqual([200, 200, 200]);
  });

  it('counts the addresses of one IPv6 /64 network as one client', async () => {
    await start({ TRUST_PROXY: 'true' });
    const answers = [];
    for (let i = 1; i <= 4; i++)
      answers.push((await signIn({ 'x-forwarded-for': `2001:db8:1:2::${i}` })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it.each([
    ['GET /api/send-sms', () => server.call('GET', `/api/send-sms?phone=${freshPhone()}&purpose=register`)],
    [
      'POST /api/reset-password',
      () =>
        server.call('POST', '/api/reset-password', {
          body: { phone: freshPhone(), code: '123456', newPassword: 'Fresh@2027' },
        }),
    ],
    ['POST /api/register/*', () => server.call('POST', '/api/register/lawfirm', { body: {} })],
    [
      'POST /api/user/change-password',
      async () =>
        server.call('POST', '/api/user/change-password', {
          token: await server.sessionFor('admin'),
          body: { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
        }),
    ],
  ])('limits %s to its own rate per client', async (_, request) => {
    await start();
    const answers = await statuses(3, request);
    expect(answers[0]).not.toBe(429);
    expect(answers[1]).not.toBe(429);
    expect(answers[2]).toBe(429);
    server.clock.advance(MINUTE);
    expect((await request()).status).not.toBe(429);
  });

  it('counts HEAD requests (which run the GET handler) with their GET', async () => {
    await start();
    const head = () => server.call('HEAD', `/api/send-sms?phone=${freshPhone()}&purpose=register`);
    expect(await statuses(3, head)).toEqual([200, 200, 429]);
    expect((await server.call('GET', `/api/send-sms?phone=${freshPhone()}&purpose=register`)).status).toBe(
      429,
    );
  });

  it('counts both registrations together', async () => {
    await start();
    expect((await server.call('POST', '/api/register/lawfirm', { body: {} })).status).toBe(400);
    expect((await server.call('POST', '/api/register/lawyer', { body: {} })).status).toBe(400);
    expect((await server.call('POST', '/api/register/lawyer', { body: {} })).status).toBe(429);
  });

  it('keeps each throttle apart, and leaves other endpoints alone', async () => {
    await start();
    expect((await statuses(4, () => signIn()))[3]).toBe(429);
    expect((await server.call('GET', `/api/send-sms?phone=${freshPhone()}&purpose=register`)).status).toBe(
      200,
    );
    const token = await server.sessionFor('superAdmin');
    expect(await statuses(5, () => server.call('GET', '/api/user/info', { token }))).toEqual([
      200, 200, 200, 200, 200,
    ]);
  });
});

describe('the live stream ticket', () => {
  it('gives TICKET_RATE_PER_MIN tickets a minute to one client, then answers 429 until the minute is over', async () => {
    await start();
    const token = await server.sessionFor('lawyer');
    const ask = () => server.call<{ ticket: string }>('POST', '/api/notifications/ticket', { token });
    expect(await statuses(2, ask)).toEqual([200, 200]);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(CODES.tooManyRequests);
    expect(refused.headers.get('retry-after')).toBe('60');
    // Another signed-in user on the same client address shares the client's count.
    const other = await server.sessionFor('caseOperation');
    expect((await server.call('POST', '/api/notifications/ticket', { token: other })).status).toBe(429);
    server.clock.advance(MINUTE);
    expect((await ask()).status).toBe(200);
  });
});
