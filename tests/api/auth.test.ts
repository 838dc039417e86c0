import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('sign-in', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.phone]))(
    'lets the %s demo account sign in',
    async (role, phone) => {
      const res = await server.call<{ token: string; userInfo: Record<string, unknown> }>(
        'POST',
        '/api/login',
        {
          body: { phone, password: 'Demo@2026' },
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', code: 20000 });
      expect(res.body.data.userInfo.role).toBe(role);
      expect(res.body.data.token.length).toBeGreaterThanOrEqual(43);
      expect(JSON.stringify(res.body.data)).not.toMatch(/password|hash|scrypt/i);
    },
  );

  it('gives one message whether the phone exists or not', async () => {
    const wrong = await server.call('POST', '/api/login', {
      body: { phone: '13800000003', password: 'Wrong@2026' },
    });
    const unknown = await server.call('POST', '/api/login', {
      body: { phone: '13999999999', password: 'Wrong@2026' },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.msg).toBe('账号或密码错误');
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('answers in English when asked', async () => {
    const res = await server.call('POST', '/api/login', {
      body: { phone: '13999999998', password: 'x' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.body.msg).toBe('Account or password wrong');
  });

  it('returns the user info of the caller and nothing secret', async () => {
    const token = await server.tokenFor('lawyer');
    const res = await server.call<Record<string, unknown>>('GET', '/api/user/info', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '13800000005', role: 'lawyer' });
    expect(Object.keys(res.body.data).join()).not.toMatch(/password|hash/i);
  });

  it('revokes the session on logout', async () => {
    const token = await server.login('13800000001');
    expect((await server.call('POST', '/api/logout', { token })).status).toBe(200);
    const after = await server.call('GET', '/api/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50008);
  });

  it('ends only the session that logs out, once, with an audit row', async () => {
    const token = await server.login('13800000006');
    const other = await server.login('13800000006');
    expect((await server.call('POST', '/api/logout', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/user/info', { token: other })).status).toBe(200);
    expect((await server.call('POST', '/api/logout', { token })).status).toBe(401);
    const rows = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'logout')
      .where('actor_id', '=', await server.userId('13800000006'))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity: 'session', actor_role: 'admin' });
  });

  it('refuses an empty phone or password, naming the field', async () => {
    const res = await server.call('POST', '/api/login', { body: { phone: '  ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path).sort()).toEqual(['password', 'phone']);
  });
});
