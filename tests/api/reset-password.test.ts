import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createAccount, freshPhone, NEW_PASSWORD, requestCode } from './fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function reset(phone: string, code: string, newPassword = NEW_PASSWORD) {
  return server.call('POST', '/api/reset-password', { body: { phone, code, newPassword } });
}

function loginStatus(phone: string, password: string) {
  return server.call('POST', '/api/login', { body: { phone, password } }).then((r) => r.status);
}

describe('resetting a password with an SMS code', () => {
  it('sets the new password, ends every session and leaves an audit row', async () => {
    const account = await createAccount(server);
    const token = await server.login(account.phone, account.password);
    const code = await requestCode(server, account.phone, 'reset');

    const res = await reset(account.phone, code);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect((await server.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect(await loginStatus(account.phone, account.password)).toBe(400);
    expect(await loginStatus(account.phone, NEW_PASSWORD)).toBe(200);
    expect(await auditRows(server, 'user.resetPassword', account.id)).toHaveLength(1);
  });

  it('refuses a wrong code, naming the field, and keeps the old password', async () => {
    const account = await createAccount(server);
    const code = await requestCode(server, account.phone, 'reset');
    const res = await reset(account.phone, code === '123456' ? '654321' : '123456');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'code', message: '验证码错误或已失效' }]);
    expect(await loginStatus(account.phone, account.password)).toBe(200);
  });

  it('accepts a code once', async () => {
    const account = await createAccount(server);
    const code = await requestCode(server, account.phone, 'reset');
    expect((await reset(account.phone, code)).status).toBe(200);
    const again = await reset(account.phone, code, 'Other@2028');
    expect(again.status).toBe(400);
    expect(await loginStatus(account.phone, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a code older than 5 minutes', async () => {
    const account = await createAccount(server);
    const code = await requestCode(server, account.phone, 'reset');
    server.clock.advance(5 * 60_000 + 1000);
    expect((await reset(account.phone, code)).status).toBe(400);
    expect(await loginStatus(account.phone, account.password)).toBe(200);
  });

  it('refuses a register code for a reset', async () => {
    const phone = freshPhone();
    const code = await requestCode(server, phone, 'register');
    const res = await reset(phone, code);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('code');
  });

  it('answers an unknown phone exactly like a wrong code', async () => {
    const unknown = await reset(freshPhone(), '123456');
    const account = await createAccount(server);
    await requestCode(server, account.phone, 'reset');
    const wrong = await reset(
      account.phone,
      server.smsCode(account.phone) === '123456' ? '654321' : '123456',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('checks the new password against the rule before spending the code', async () => {
    const account = await createAccount(server);
    const code = await requestCode(server, account.phone, 'reset');
    const weak = await reset(account.phone, code, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.map((e) => e.path)).toEqual(['newPassword']);
    expect((await reset(account.phone, code)).status).toBe(200);
  });

  it('lifts a login lock', async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 5; i++) await loginStatus(account.phone, 'Wrong@2026');
    expect(await loginStatus(account.phone, account.password)).toBe(429);
    const code = await requestCode(server, account.phone, 'reset');
    expect((await reset(account.phone, code)).status).toBe(200);
    expect(await loginStatus(account.phone, NEW_PASSWORD)).toBe(200);
  });
});
