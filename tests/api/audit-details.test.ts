import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserOverview } from '../../contract/user-center';
import { startServer, type TestServer } from './harness';
import { menuIfMatch } from './version-fixtures';

/** What an audit row says beyond its name, as its reader reads it (GET /api/user/overview). */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function activity(token: string, lang: string) {
  const res = await server.call<UserOverview>('GET', '/api/user/overview', {
    token,
    headers: { 'accept-language': lang },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.activity;
}

describe('an audit row in the user center', () => {
  it('says which role a sign-in was as, in the reader’s language', async () => {
    const token = await server.login('13800000002');
    const [en] = await activity(token, 'en-US');
    expect(en).toMatchObject({ action: 'login', actionLabel: 'Signed in', detail: 'As Case operations' });
    const [zh] = await activity(token, 'zh-CN');
    expect(zh).toMatchObject({ action: 'login', actionLabel: '登录', detail: '以 案件运营 身份登录' });
  });

  it('names the role whose menu was reset', async () => {
    const token = await server.login('13800000001');
    const headers = await menuIfMatch(server, 'lawyer', token);
    const res = await server.call('POST', '/api/menus/lawyer/reset', { token, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await activity(token, 'en-US');
    expect(row).toMatchObject({ action: 'menu.reset', detail: 'Role: Lawyer' });
  });

  it('stores no phone number in full', async () => {
    await server.call('POST', '/api/login', { body: { phone: '13800000003', password: 'wrong-Password1' } });
    const row = await server.app.db
      .selectFrom('audit_log')
      .select('params')
      .where('action', '=', 'login.failed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.params).toContain('138****0003');
    expect(row.params).not.toContain('13800000003');
  });
});
