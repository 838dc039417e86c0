import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { startServer, type TestServer } from './harness';

const MINUTE = 60_000;
const PHONE = '13800000003';

// Every test moves the clock and locks the same phone, so each gets its own server. The
// server trusts the harness as a proxy, so a test can speak from several client addresses.
let server: TestServer;
beforeEach(async () => {
  server = await startServer({ TRUST_PROXY: '127.0.0.1' });
});
afterEach(() => server.close());

/** A sign-in attempt, from 127.0.0.1 itself unless a client address is given. */
function attempt(password: string, phone = PHONE, from?: string) {
  return server.call('POST', '/api/login', {
    body: { phone, password },
    headers: from ? { 'x-forwarded-for': from } : undefined,
  });
}

async function failTimes(n: number, phone = PHONE, from?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await attempt('Wrong@2026', phone, from)).status);
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

describe('login lockout across client addresses', () => {
  const STRANGER = '203.0.113.7';
  const OWNER = '198.51.100.2';

  it('does not let a stranger lock a known user out from another address', async () => {
    expect(await failTimes(6, PHONE, STRANGER)).toEqual([400, 400, 400, 400, 429, 429]);
    expect((await attempt(DEMO_PASSWORD, PHONE, STRANGER)).status).toBe(429);
    expect((await attempt(DEMO_PASSWORD, PHONE, OWNER)).status).toBe(200);
    expect((await attempt(DEMO_PASSWORD, PHONE)).status).toBe(200);
  });

  it("does not reset a stranger's count when the owner signs in from elsewhere", async () => {
    expect(await failTimes(4, PHONE, STRANGER)).toEqual([400, 400, 400, 400]);
    expect((await attempt(DEMO_PASSWORD, PHONE, OWNER)).status).toBe(200);
    expect(await failTimes(1, PHONE, STRANGER)).toEqual([429]);
  });

  it('locks the phone from every address after 20 failures from all addresses together', async () => {
    const answers: number[] = [];
    for (let client = 1; client <= 5; client++)
      answers.push(...(await failTimes(4, PHONE, `192.0.2.${client}`)));
    expect(answers.slice(0, 19)).toEqual(Array(19).fill(400));
    expect(answers[19]).toBe(429);
    const owner = await attempt(DEMO_PASSWORD, PHONE, OWNER);
    expect(owner.status).toBe(429);
    expect(owner.body.msg).toBe('密码错误次数过多，账号已锁定，请 15 分钟后再试');
    server.clock.advance(15 * MINUTE);
    expect((await attempt(DEMO_PASSWORD, PHONE, OWNER)).status).toBe(200);
  });

  it('takes its thresholds from LOGIN_LOCK_AFTER, LOGIN_PHONE_LOCK_AFTER and LOGIN_LOCK_MINUTES', async () => {
    await server.close();
    server = await startServer({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_LOCK_AFTER: '2',
      LOGIN_PHONE_LOCK_AFTER: '3',
      LOGIN_LOCK_MINUTES: '1',
    });
    expect(await failTimes(2, PHONE, STRANGER)).toEqual([400, 429]);
    expect(await failTimes(1, PHONE, '192.0.2.1')).toEqual([429]);
    const owner = await attempt(DEMO_PASSWORD, PHONE, OWNER);
    expect(owner.status).toBe(429);
    expect(owner.body.msg).toContain('1 分钟');
    server.clock.advance(MINUTE);
    expect((await attempt(DEMO_PASSWORD, PHONE, OWNER)).status).toBe(200);
  });

  it('keeps no failures or locks of unknown phones once they no longer count', async () => {
    for (let i = 0; i < 10; i++) await failTimes(1, `1399999${String(i).padStart(4, '0')}`);
    expect(await failTimes(5, '13999998888')).toEqual([400, 400, 400, 400, 429]);
    expect(await server.count('login_failures')).toBeGreaterThanOrEqual(10);
    expect(await server.count('login_locks')).toBe(1);

    server.clock.advance(30 * MINUTE + 1000);
    await failTimes(1, '13999997777');
    expect(await server.count('login_failures')).toBe(1);
    expect(await server.count('login_locks')).toBe(0);
  });
});

describe('changing the password', () => {
  const change = (token: string, oldPassword: string) =>
    server.call('POST', '/api/user/change-password', {
      token,
      body: { oldPassword, newPassword: 'Fresh@2027' },
    });

  it('counts a wrong old password like a wrong sign-in password', async () => {
    const token = await server.sessionFor('admin');
    for (let i = 0; i < 4; i++) {
      const wrong = await change(token, 'Wrong@2026');
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.map((e) => e.path)).toEqual(['oldPassword']);
    }
    const fifth = await change(token, 'Wrong@2026');
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe('密码错误次数过多，账号已锁定，请 15 分钟后再试');
    expect((await change(token, DEMO_PASSWORD)).status).toBe(429);
    expect((await attempt(DEMO_PASSWORD, '13800000006')).status).toBe(429);
  });

  it('shares the count with sign-in', async () => {
    const token = await server.sessionFor('admin');
    expect(await failTimes(4, '13800000006')).toEqual([400, 400, 400, 400]);
    expect((await change(token, 'Wrong@2026')).status).toBe(429);
  });

  it('forgets the failures once the old password is right', async () => {
    const token = await server.sessionFor('admin');
    for (let i = 0; i < 4; i++) await change(token, 'Wrong@2026');
    expect((await change(token, DEMO_PASSWORD)).status).toBe(200);
    expect(await failTimes(4, '13800000006')).toEqual([400, 400, 400, 400]);
  });
});
