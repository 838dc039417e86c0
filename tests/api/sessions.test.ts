import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/auth';
import { CODES } from '../../contract/codes';
import { hashToken } from '../../server/auth/tokens';
import { auditRows, createAccount, NEW_PASSWORD } from './fixtures';
import { startServer, type TestServer } from './harness';

const HOUR = 3_600_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const newAccount = () => createAccount(server);

describe('session tokens', () => {
  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const token = await server.login('13800000004');
    const rows = await server.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['no token', undefined],
    ['a forged token', randomBytes(32).toString('base64url')],
    ['a malformed authorization header', 'not a bearer'],
  ])('answers 401 with code 50008 for %s', async (_, token) => {
    const headers = token === 'not a bearer' ? { authorization: 'Token abc' } : undefined;
    const res = await server.call('GET', '/api/user/info', {
      token: token === 'not a bearer' ? undefined : token,
      headers,
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.illegalToken });
    expect(res.body.msg).toBeTruthy();
  });
});

describe('session expiry', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ SESSION_TTL_HOURS: '1' });
  });
  afterAll(() => short.close());

  it('keeps a session alive until its time-to-live has passed', async () => {
    const token = await short.login('13800000003');
    short.clock.advance(HOUR - 60_000);
    expect((await short.call('GET', '/api/user/info', { token })).status).toBe(200);
  });

  it('answers 401 with code 10001 once the session has expired', async () => {
    const token = await short.login('13800000003');
    short.clock.advance(HOUR + 1000);
    const res = await short.call('GET', '/api/user/info', { token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(CODES.sessionExpired);
    expect(res.body.msg).toBe('身份已过期，请重新登录');
  });

  it('tells the client when the session will expire', async () => {
    const before = short.clock.now().getTime();
    const res = await short.call<{ expiresAt: string }>('POST', '/api/login', {
      body: { phone: '13800000003', password: 'Demo@2026' },
    });
    expect(Date.parse(res.body.data.expiresAt) - before).toBeGreaterThanOrEqual(HOUR - 1000);
    expect(Date.parse(res.body.data.expiresAt) - before).toBeLessThanOrEqual(HOUR + 1000);
  });
});

describe('disabled accounts', () => {
  it('ends the sessions of a disabled user and refuses their sign-in', async () => {
    const account = await newAccount();
    const token = await server.login(account.phone, account.password);
    const admin = await server.tokenFor('superAdmin');

    const off = await server.call<{ enabled: boolean }>('PUT', `/api/users/enable/${account.id}`, {
      token: admin,
    });
    expect(off.body.data.enabled).toBe(false);
    const after = await server.call('GET', '/api/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(CODES.illegalToken);

    const login = await server.call('POST', '/api/login', {
      body: { phone: account.phone, password: account.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe('账号已被停用，请联系管理员');

    await server.call('PUT', `/api/users/enable/${account.id}`, { token: admin });
    expect(await server.login(account.phone, account.password)).toBeTruthy();
  });

  it('does not reveal that an account is disabled to someone without its password', async () => {
    const account = await newAccount();
    await server.call('PUT', `/api/users/enable/${account.id}`, {
      token: await server.tokenFor('superAdmin'),
    });
    const res = await server.call('POST', '/api/login', {
      body: { phone: account.phone, password: 'Wrong@2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('账号或密码错误');
  });
});

describe('switching roles', () => {
  it('lets a user who holds two roles switch the active role of the session', async () => {
    const token = await server.login('13800000002');
    const before = await server.call<UserInfo>('GET', '/api/user/info', { token });
    expect(before.body.data.role).toBe('caseOperation');
    expect(before.body.data.roles).toEqual(['bussinessOperation', 'caseOperation']);
    // The review route is declared for bussinessOperation only.
    expect((await server.call('PUT', '/api/lawfirms/1/review', { token, body: {} })).status).toBe(403);

    const res = await server.call<UserInfo>('POST', '/api/user/switch-role', {
      token,
      body: { role: 'bussinessOperation' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('bussinessOperation');
    const audit = await auditRows(server, 'session.switchRole');
    expect(audit.filter((a) => a.summary === 'caseOperation -> bussinessOperation').length).toBeGreaterThan(
      0,
    );
    const after = await server.call<UserInfo>('GET', '/api/user/info', { token });
    expect(after.body.data.role).toBe('bussinessOperation');
    // Now past the role check, the empty body is what is wrong.
    expect((await server.call('PUT', '/api/lawfirms/1/review', { token, body: {} })).status).toBe(400);
  });

  it('refuses a role the user does not hold', async () => {
    const token = await server.login('13800000002');
    const res = await server.call('POST', '/api/user/switch-role', { token, body: { role: 'superAdmin' } });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('当前账号没有该角色');
    const info = await server.call<UserInfo>('GET', '/api/user/info', { token });
    expect(info.body.data.role).toBe('caseOperation');
  });

  it('refuses a role that does not exist, naming the field', async () => {
    const token = await server.login('13800000002');
    const res = await server.call('POST', '/api/user/switch-role', { token, body: { role: 'root' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].path).toBe('role');
  });

  it('leaves other sessions of the same user on their own role', async () => {
    const first = await server.login('13800000002');
    const second = await server.login('13800000002');
    await server.call('POST', '/api/user/switch-role', {
      token: first,
      body: { role: 'bussinessOperation' },
    });
    const other = await server.call<UserInfo>('GET', '/api/user/info', { token: second });
    expect(other.body.data.role).toBe('caseOperation');
  });
});

describe('changing the own password', () => {
  it('refuses a wrong current password, naming the field', async () => {
    const account = await newAccount();
    const token = await server.login(account.phone, account.password);
    const res = await server.call('POST', '/api/user/change-password', {
      token,
      body: { oldPassword: 'Wrong@2026', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'oldPassword', message: '原密码不正确' }]);
    expect(await server.login(account.phone, account.password)).toBeTruthy();
  });

  it('refuses a new password that breaks the password rule', async () => {
    const account = await newAccount();
    const token = await server.login(account.phone, account.password);
    const res = await server.call('POST', '/api/user/change-password', {
      token,
      body: { oldPassword: account.password, newPassword: 'alllowercase1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['newPassword']);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const account = await newAccount();
    const current = await server.login(account.phone, account.password);
    const other = await server.login(account.phone, account.password);
    const res = await server.call('POST', '/api/user/change-password', {
      token: current,
      body: { oldPassword: account.password, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const audit = await auditRows(server, 'user.changePassword', account.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: account.id, entity: 'user' });
    expect((await server.call('GET', '/api/user/info', { token: current })).status).toBe(200);
    expect((await server.call('GET', '/api/user/info', { token: other })).status).toBe(401);

    const old = await server.call('POST', '/api/login', {
      body: { phone: account.phone, password: account.password },
    });
    expect(old.status).toBe(400);
    expect(await server.login(account.phone, NEW_PASSWORD)).toBeTruthy();
  });
});
