import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../contract/auth';
import type { UserSummary } from '../../contract/users';
import { auditRows, createAccount, freshLicenceNo, freshPhone } from './fixtures';
import { startServer, type TestServer } from './harness';
import { asAdmin, expectAudited, paths, useUserServer } from './user-fixtures';

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  demoFirmId = await useUserServer(server);
});
afterAll(() => server.close());

describe('GET /api/user-info', () => {
  it('answers one user with the devices still bound', async () => {
    const id = await server.userId('13800000003');
    const res = await asAdmin<UserInfo & { devices: Array<{ id: number }> }>(
      'GET',
      `/api/user-info?id=${id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, phone: '13800000003', role: 'bussinessOperation' });
    const bound = await server.app.db
      .selectFrom('devices')
      .select('id')
      .where('user_id', '=', id)
      .where('unbound_at', 'is', null)
      .execute();
    expect(res.body.data.devices.map((d) => d.id).sort()).toEqual(bound.map((d) => d.id).sort());
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
  });

  it('names the id when it is missing or wrong, and answers 404 for an unknown one', async () => {
    expect(paths(await asAdmin('GET', '/api/user-info'))).toEqual(['id']);
    expect(paths(await asAdmin('GET', '/api/user-info?id=-3'))).toEqual(['id']);
    expect((await asAdmin('GET', '/api/user-info?id=999999')).status).toBe(404);
  });
});

describe('POST /api/user-edit', () => {
  it('edits the name and writes an audit row, leaving the sessions alone', async () => {
    const account = await createAccount(server);
    const token = await server.login(account.phone, account.password);
    const res = await asAdmin<UserSummary>('POST', '/api/user-edit', { id: account.id, name: '改过的名字' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('改过的名字');
    await expectAudited('user.edit', 'user', account.id);
    expect((await server.call('GET', '/api/user/info', { token })).status).toBe(200);
  });

  it('ends the sessions when the role changes, and the next sign-in has the new role', async () => {
    const account = await createAccount(server);
    const token = await server.login(account.phone, account.password);
    const res = await asAdmin<UserSummary>('POST', '/api/user-edit', { id: account.id, role: 'admin' });
    expect(res.body.data.role).toBe('admin');
    expect((await server.call('GET', '/api/user/info', { token })).status).toBe(401);
    const again = await server.call<{ userInfo: UserInfo }>('POST', '/api/login', {
      body: { phone: account.phone, password: account.password },
    });
    expect(again.body.data.userInfo).toMatchObject({ role: 'admin', roles: ['admin'] });
  });

  it('refuses a firm role without a firm, naming lawFirmId, and changes nothing', async () => {
    const account = await createAccount(server);
    const res = await asAdmin('POST', '/api/user-edit', { id: account.id, role: 'lawfirmContactPerson' });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['lawFirmId']);
    const row = await server.app.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('caseOperation');
    expect(await auditRows(server, 'user.edit', account.id)).toHaveLength(0);
  });

  it('refuses to make someone a lawyer without a licence on record', async () => {
    const account = await createAccount(server);
    const res = await asAdmin('POST', '/api/user-edit', {
      id: account.id,
      role: 'lawyer',
      lawFirmId: demoFirmId,
    });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['role']);
  });

  it("moves a lawyer's licence record along when the lawyer changes firm", async () => {
    const created = await asAdmin<{ user: UserSummary }>('POST', '/api/users', {
      phone: freshPhone(),
      name: '转所律师',
      role: 'lawyer',
      lawFirmId: demoFirmId,
      licenceNo: freshLicenceNo(),
    });
    const otherFirm = await server.app.db
      .selectFrom('law_firms')
      .select('id')
      .where('id', '!=', demoFirmId)
      .where('review_status', '=', 'passed')
      .executeTakeFirstOrThrow();
    const id = created.body.data.user.id;
    const res = await asAdmin<UserSummary>('POST', '/api/user-edit', { id, lawFirmId: otherFirm.id });
    expect(res.body.data.lawFirmId).toBe(otherFirm.id);
    const lawyer = await server.app.db
      .selectFrom('lawyers')
      .select('law_firm_id')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(lawyer.law_firm_id).toBe(otherFirm.id);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['name', { name: '' }],
    ['lawFirmId', { lawFirmId: 999_999 }],
  ])('refuses a bad %s with a 400 naming it', async (field, change) => {
    const account = await createAccount(server);
    const res = await asAdmin('POST', '/api/user-edit', { id: account.id, ...change });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual([field]);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await asAdmin('POST', '/api/user-edit', { id: 999_999, name: '无人' })).status).toBe(404);
  });
});

describe('POST /api/unbind', () => {
  it('unbinds a device once; the second time answers 404', async () => {
    const device = await server.app.db
      .selectFrom('devices')
      .select(['id', 'user_id'])
      .where('unbound_at', 'is', null)
      .executeTakeFirstOrThrow();
    const first = await asAdmin('POST', '/api/unbind', { deviceId: device.id });
    expect(first.status).toBe(200);
    await expectAudited('device.unbind', 'device', device.id);
    const detail = await asAdmin<{ devices: Array<{ id: number }> }>(
      'GET',
      `/api/user-info?id=${device.user_id}`,
    );
    expect(detail.body.data.devices.map((d) => d.id)).not.toContain(device.id);

    const second = await asAdmin('POST', '/api/unbind', { deviceId: device.id });
    expect(second.status).toBe(404);
    expect(second.body.msg).toBe('设备不存在或已解绑');
    expect(await auditRows(server, 'device.unbind', device.id)).toHaveLength(1);
  });

  it('names deviceId when it is not a positive integer', async () => {
    for (const deviceId of ['1', -1, 1.5, undefined]) {
      const res = await asAdmin('POST', '/api/unbind', { deviceId });
      expect(res.status).toBe(400);
      expect(paths(res)).toEqual(['deviceId']);
    }
  });
});

describe('POST /api/user/save-info', () => {
  const profile = {
    email: 'lawyer@casedesk.cn',
    nickname: '明哲',
    countryRegion: 'china',
    area: '440305',
    address: '深圳市南山区科技园',
    introduction: '专注金融借款纠纷。',
    website: 'https://casedesk.cn',
  };

  async function save(body: unknown) {
    const account = await createAccount(server, 'admin');
    const token = await server.login(account.phone, account.password);
    const res = await server.call<UserInfo>('POST', '/api/user/save-info', { token, body });
    return { res, account };
  }

  it("saves the caller's own profile and leaves an audit row", async () => {
    const { res, account } = await save(profile);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...profile, id: account.id });
    const rows = await auditRows(server, 'user.saveInfo', account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: account.id, entity: 'user' });
  });

  it('accepts an introduction of exactly 200 characters', async () => {
    const { res } = await save({ ...profile, introduction: '律'.repeat(200) });
    expect(res.status).toBe(200);
  });

  it('leaves optional fields empty when they are left out', async () => {
    const { res } = await save({
      email: profile.email,
      nickname: 'n',
      countryRegion: 'china',
      area: '110101',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ address: null, introduction: null, website: null });
  });

  it.each([
    ['email', { email: undefined }],
    ['email', { email: 'nope' }],
    ['nickname', { nickname: undefined }],
    ['nickname', { nickname: '  ' }],
    ['countryRegion', { countryRegion: '' }],
    ['area', { area: undefined }],
    ['area', { area: 'shenzhen' }],
    ['introduction', { introduction: '律'.repeat(201) }],
    ['website', { website: 'ftp://casedesk.cn' }],
    ['website', { website: 'javascript:alert(1)' }],
    ['website', { website: 'casedesk.cn' }],
  ])('refuses a bad %s with a 400 naming it', async (field, change) => {
    const { res, account } = await save({ ...profile, ...change });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual([field]);
    expect(res.body.errors?.[0].message).toBeTruthy();
    expect(await auditRows(server, 'user.saveInfo', account.id)).toHaveLength(0);
  });
});
