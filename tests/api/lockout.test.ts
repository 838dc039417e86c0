import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { startServer, type TestServer } from './harness';

const MINUTE = 60_000;
const PHONE = '13800000003';

// Every test moves the clock and locks the same phone, so each gets its own server.
let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

function attempt(password: string, phone = PHONE) {
  return server.call('POST', '/api/login', { body: { phone, password } });
}

async function failTimes(n: number, phone = PHONE) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await attempt('Wrong@2026', phone)).status);
  return statuses;
}

describe('login lockout', () => {
  it('locks a phone on the fifth wrong password within 15 minutes', async () => {
    expect(await failTimes(4)).toEqual([400, 400, 400, 400]);
    const fifth = await attempt('Wrong@2026');
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe(CODES.tooManyRequests);
    expect(fifth.body.msg).toBe('密码错误次数过多，账号已锁定，请 15 分钟后再试');
  });

  it('refuses even the right password while locked, in the caller language', async () => {
    await failTimes(5);
    const res = await server.call('POST', '/api/login', {
      body: { phone: PHONE, password: DEMO_PASSWORD },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/locked, try again in 15 minutes/);
  });

  it('counts down the minutes left on the lock', async () => {
    await failTimes(5);
    server.clock.advance(10 * MINUTE);
    const res = await attempt(DEMO_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.msg).toContain('5 分钟');
  });

  it('lifts the lock after 15 minutes', async () => {
    await failTimes(5);
    server.clock.advance(15 * MINUTE - 1000);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(429);
    server.clock.advance(2000);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it('starts counting afresh once a lock has ended', async () => {
    await failTimes(5);
    server.clock.advance(16 * MINUTE);
    expect(await failTimes(4)).toEqual([400, 400, 400, 400]);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    await failTimes(4);
    server.clock.advance(15 * MINUTE + 1000);
    expect(await failTimes(4)).toEqual([400, 400, 400, 400]);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
  });

  it('forgets failures after a successful sign-in', async () => {
    await failTimes(4);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
    expect(await failTimes(4)).toEqual([400, 400, 400, 400]);
  });

  it('locks one phone only', async () => {
    await failTimes(5);
    expect((await attempt(DEMO_PASSWORD, '13800000004')).status).toBe(200);
  });

  it('locks an unknown phone exactly like a known one', async () => {
    const unknown = await failTimes(6, '13999999990');
    const known = await failTimes(6);
    expect(unknown).toEqual(known);
    expect(unknown).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('checks at most five passwords when the guesses arrive all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt('Wrong@2026')));
    const statuses = answers.map((a) => a.status);
    // Only guesses whose password was actually checked can answer "wrong password".
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(429);
  });

  it('does not count a right password as a failure when the account may not sign in yet', async () => {
    const admin = await server.sessionFor('superAdmin');
    const id = await server.userId('13800000005');
    await server.call('PUT', `/api/users/enable/${id}`, { token: admin });
    for (let i = 0; i < 6; i++) expect((await attempt(DEMO_PASSWORD, '13800000005')).status).toBe(403);
    await server.call('PUT', `/api/users/enable/${id}`, { token: admin });
    expect((await attempt(DEMO_PASSWORD, '13800000005')).status).toBe(200);
  });
});
