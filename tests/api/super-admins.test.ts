import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { freshPhone } from './fixtures';
import { startServer, type TestServer } from './harness';

// Every test changes who the super admins are, so each gets its own server.
let server: TestServer;
let founderId: number;
beforeEach(async () => {
  server = await startServer();
  founderId = await server.userId('13800000001');
});
afterEach(() => server.close());

/** A second super admin, signed in; answers their id and token. */
async function secondSuperAdmin() {
  const res = await server.call<{ user: { id: number }; initialPassword: string }>('POST', '/api/users', {
    token: await server.sessionFor('superAdmin'),
    body: { phone: freshPhone(), name: '第二管理员', role: 'superAdmin' },
  });
  expect(res.status).toBe(200);
  const phone = (
    await server.app.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', res.body.data.user.id)
      .executeTakeFirstOrThrow()
  ).phone;
  return { id: res.body.data.user.id, token: await server.login(phone, res.body.data.initialPassword) };
}

async function enabledSuperAdmins() {
  const rows = await server.app.db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .where('user_roles.role', '=', 'superAdmin')
    .where('users.enabled', '=', 1)
    .select('users.id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const demote = (token: string, id: number) =>
  server.call('POST', '/api/user-edit', { token, body: { id, role: 'admin' } });
const toggle = (token: string, id: number) => server.call('PUT', `/api/users/enable/${id}`, { token });

describe('the last enabled super admin', () => {
  it('cannot change their own role, in the caller language', async () => {
    const token = await server.sessionFor('superAdmin');
    const res = await demote(token, founderId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.conflict });
    expect(res.body.msg).toBe('不能修改自己的角色，请让另一位超级管理员修改');
    const en = await server.call('POST', '/api/user-edit', {
      token,
      body: { id: founderId, role: 'admin' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body.msg).toMatch(/cannot change your own role/);
    expect(await enabledSuperAdmins()).toEqual([founderId]);
  });

  it('may still edit their own name', async () => {
    const token = await server.sessionFor('superAdmin');
    const res = await server.call('POST', '/api/user-edit', {
      token,
      body: { id: founderId, name: '周启航二', role: 'superAdmin' },
    });
    expect(res.status).toBe(200);
  });

  it('lets one of two super admins demote or disable the other', async () => {
    const second = await secondSuperAdmin();
    const token = await server.sessionFor('superAdmin');
    expect((await toggle(token, second.id)).status).toBe(200);
    expect((await toggle(token, second.id)).status).toBe(200);
    expect((await demote(token, second.id)).status).toBe(200);
    expect(await enabledSuperAdmins()).toEqual([founderId]);
  });

  it('cannot be demoted or disabled by a session that outlived its own super admin role', async () => {
    const second = await secondSuperAdmin();
    // The second admin's role is taken away in the database (another process, an operator);
    // their open session still says superAdmin.
    await server.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', second.id).execute();
    await server.app.db
      .updateTable('user_roles')
      .set({ role: 'admin' })
      .where('user_id', '=', second.id)
      .execute();

    const demoted = await demote(second.token, founderId);
    expect(demoted.status).toBe(409);
    expect(demoted.body.msg).toBe(
      '系统至少要保留一个启用的超级管理员，不能停用或更改最后一个超级管理员的角色',
    );
    const disabled = await toggle(second.token, founderId);
    expect(disabled.status).toBe(409);
    expect(disabled.body.code).toBe(CODES.conflict);
    expect(await enabledSuperAdmins()).toEqual([founderId]);
    // Nothing was half-written: the founder still signs in as super admin.
    expect(
      (await server.call('GET', '/api/user/info', { token: await server.sessionFor('superAdmin') })).status,
    ).toBe(200);
  });
});
