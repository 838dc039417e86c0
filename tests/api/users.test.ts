import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '../../contract/account-rules';
import type { UserInfo } from '../../contract/auth';
import type { Paged } from '../../contract/paging';
import type { UserSummary } from '../../contract/users';
import type { Database } from '../../server/db/schema';
import { createAccount, freshLicenceNo, freshPhone } from './fixtures';
import { startServer, type TestServer } from './harness';
import { asAdmin, expectAudited, paths, useUserServer } from './user-fixtures';

let server: TestServer;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  demoFirmId = await useUserServer(server);
});
afterAll(() => server.close());

const WRITTEN: Array<keyof Database> = ['users', 'user_roles', 'lawyers', 'wallets', 'audit_log'];
async function counts() {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (t) => [t, await server.count(t)])));
}

function loginStatus(phone: string, password: string) {
  return server.call('POST', '/api/login', { body: { phone, password } }).then((r) => r.status);
}

describe('GET /api/users', () => {
  it('pages the users with the total of the whole table', async () => {
    const total = await server.count('users');
    const first = await asAdmin<Paged<UserSummary>>('GET', '/api/users?page=1&pageSize=5');
    const second = await asAdmin<Paged<UserSummary>>('GET', '/api/users?page=2&pageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(total);
    expect(first.body.data.list).toHaveLength(5);
    expect(second.body.data.list).toHaveLength(5);
    const ids = [...first.body.data.list, ...second.body.data.list].map((u) => u.id);
    expect(new Set(ids).size).toBe(10);
  });

  it('answers 20 users by default and never a password', async () => {
    const res = await asAdmin<Paged<UserSummary>>('GET', '/api/users');
    expect(res.body.data.list).toHaveLength(20);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|scrypt/i);
  });

  it('filters by role', async () => {
    const res = await asAdmin<Paged<UserSummary>>('GET', '/api/users?role=lawyer&pageSize=100');
    const expected = await server.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'lawyer')
      .executeTakeFirstOrThrow();
    expect(res.body.data.total).toBe(Number(expected.n));
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((u) => u.role === 'lawyer')).toBe(true);
  });

  it('filters by part of the phone and of the name', async () => {
    const byPhone = await asAdmin<Paged<UserSummary>>('GET', '/api/users?phone=1380000000');
    expect(byPhone.body.data.list.map((u) => u.phone).sort()).toEqual([
      '13800000001',
      '13800000002',
      '13800000003',
      '13800000004',
      '13800000005',
      '13800000006',
    ]);
    const byName = await asAdmin<Paged<UserSummary>>('GET', `/api/users?name=${encodeURIComponent('周启')}`);
    expect(byName.body.data.list.map((u) => u.phone)).toContain('13800000001');
    expect(byName.body.data.list.every((u) => u.name.includes('周启'))).toBe(true);
  });

  it('takes % and _ in a filter literally', async () => {
    const res = await asAdmin<Paged<UserSummary>>('GET', `/api/users?name=${encodeURIComponent('%')}`);
    expect(res.body.data.total).toBe(0);
  });

  it('filters by enabled', async () => {
    const account = await createAccount(server);
    await asAdmin('PUT', `/api/users/enable/${account.id}`);
    const off = await asAdmin<Paged<UserSummary>>('GET', '/api/users?enabled=false&pageSize=100');
    expect(off.body.data.list.map((u) => u.id)).toContain(account.id);
    expect(off.body.data.list.every((u) => !u.enabled)).toBe(true);
    const on = await asAdmin<Paged<UserSummary>>('GET', '/api/users?enabled=true&pageSize=100');
    expect(on.body.data.list.every((u) => u.enabled)).toBe(true);
    expect(on.body.data.total + off.body.data.total).toBe(await server.count('users'));
  });

  it.each([
    ['pageSize', 'pageSize=101'],
    ['pageSize', 'pageSize=0'],
    ['page', 'page=0'],
    ['page', 'page=abc'],
    ['role', 'role=root'],
    ['enabled', 'enabled=maybe'],
  ])('refuses a bad %s with a 400 naming it (%s)', async (field, query) => {
    const res = await asAdmin('GET', `/api/users?${query}`);
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual([field]);
    expect(res.body.errors?.[0].message).toBeTruthy();
  });

  it('is for the super admin only', async () => {
    const res = await server.call('GET', '/api/users', { token: await server.sessionFor('admin') });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('creates an account and shows its generated password once', async () => {
    const phone = freshPhone();
    const res = await asAdmin<{ user: UserSummary; initialPassword: string }>('POST', '/api/users', {
      phone,
      name: '新建账号',
      role: 'caseOperation',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      phone,
      name: '新建账号',
      role: 'caseOperation',
      enabled: true,
    });
    expect(res.body.data.initialPassword).toMatch(PASSWORD_PATTERN);
    expect(await loginStatus(phone, res.body.data.initialPassword)).toBe(200);
    await expectAudited('user.create', 'user', res.body.data.user.id);

    const detail = await asAdmin<UserInfo>('GET', `/api/user-info?id=${res.body.data.user.id}`);
    expect(JSON.stringify(detail.body)).not.toContain(res.body.data.initialPassword);
    expect(JSON.stringify(detail.body)).not.toMatch(/password|hash/i);
  });

  it('creates a lawyer who may sign in at once, with the licence on record', async () => {
    const phone = freshPhone();
    const licenceNo = freshLicenceNo();
    const res = await asAdmin<{ user: UserSummary; initialPassword: string }>('POST', '/api/users', {
      phone,
      name: '新建律师',
      role: 'lawyer',
      lawFirmId: demoFirmId,
      licenceNo,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.lawFirmId).toBe(demoFirmId);
    const lawyer = await server.app.db
      .selectFrom('lawyers')
      .selectAll()
      .where('user_id', '=', res.body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(lawyer).toMatchObject({ licence_no: licenceNo, law_firm_id: demoFirmId, review_status: 'passed' });
    expect(await loginStatus(phone, res.body.data.initialPassword)).toBe(200);
  });

  it.each([
    ['licenceNo', { role: 'lawyer', lawFirmId: 1 }],
    ['lawFirmId', { role: 'lawyer', licenceNo: '19999000000000001' }],
    ['lawFirmId', { role: 'lawfirmContactPerson' }],
    ['lawFirmId', { role: 'lawyer', lawFirmId: 999_999, licenceNo: '19999000000000002' }],
    ['role', { role: 'root' }],
    ['name', { role: 'admin', name: 'x' }],
  ])('refuses an account without a valid %s and writes nothing', async (field, extra) => {
    const before = await counts();
    const res = await asAdmin('POST', '/api/users', { phone: freshPhone(), name: '缺字段', ...extra });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual([field]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a phone that already has an account with a 409 naming phone', async () => {
    const before = await counts();
    const res = await asAdmin('POST', '/api/users', { phone: '13800000002', name: '重复', role: 'admin' });
    expect(res.status).toBe(409);
    expect(paths(res)).toEqual(['phone']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a licence number already on record with a 409 naming licenceNo', async () => {
    const licenceNo = freshLicenceNo();
    const body = { name: '律师甲', role: 'lawyer', lawFirmId: demoFirmId, licenceNo };
    expect((await asAdmin('POST', '/api/users', { ...body, phone: freshPhone() })).status).toBe(200);
    const before = await counts();
    const res = await asAdmin('POST', '/api/users', { ...body, phone: freshPhone() });
    expect(res.status).toBe(409);
    expect(paths(res)).toEqual(['licenceNo']);
    expect(await counts()).toEqual(before);
  });

  it('answers 409, not 500, when two requests race for one phone', async () => {
    const token = await server.sessionFor('superAdmin');
    const body = { phone: freshPhone(), name: '并发账号', role: 'admin' };
    const answers = await Promise.all([1, 2].map(() => server.call('POST', '/api/users', { token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(paths(answers.find((a) => a.status === 409) ?? answers[0])).toEqual(['phone']);
  });
});

describe('POST /api/user/random-password/:id', () => {
  it('replaces the password, shows the new one once and ends the sessions', async () => {
    const account = await createAccount(server);
    const token = await server.login(account.phone, account.password);
    const res = await asAdmin<{ password: string }>('POST', `/api/user/random-password/${account.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.password).toMatch(PASSWORD_PATTERN);
    expect(res.body.data.password).not.toBe(account.password);
    expect((await server.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect(await loginStatus(account.phone, account.password)).toBe(400);
    expect(await loginStatus(account.phone, res.body.data.password)).toBe(200);
    await expectAudited('user.randomPassword', 'user', account.id);
  });

  it('lets the new password in at once, even when the account was locked by wrong guesses', async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 5; i++) await loginStatus(account.phone, 'Wrong@2026');
    expect(await loginStatus(account.phone, account.password)).toBe(429);
    const res = await asAdmin<{ password: string }>('POST', `/api/user/random-password/${account.id}`);
    expect(await loginStatus(account.phone, res.body.data.password)).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for an id that is not a number', async () => {
    expect((await asAdmin('POST', '/api/user/random-password/999999')).status).toBe(404);
    const bad = await asAdmin('POST', '/api/user/random-password/abc');
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['id']);
  });
});

describe('PUT /api/users/enable/:id', () => {
  it('toggles an account off and on, one audit row each', async () => {
    const account = await createAccount(server);
    const off = await asAdmin<{ enabled: boolean }>('PUT', `/api/users/enable/${account.id}`);
    expect(off.body.data.enabled).toBe(false);
    await expectAudited('user.disable', 'user', account.id);
    const on = await asAdmin<{ enabled: boolean }>('PUT', `/api/users/enable/${account.id}`);
    expect(on.body.data.enabled).toBe(true);
    await expectAudited('user.enable', 'user', account.id);
    expect(await loginStatus(account.phone, account.password)).toBe(200);
  });

  it('does not let the super admin disable their own account', async () => {
    const adminId = await server.userId('13800000001');
    const res = await asAdmin('PUT', `/api/users/enable/${adminId}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('不能停用自己的账号');
    const row = await server.app.db
      .selectFrom('users')
      .select('enabled')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await asAdmin('PUT', '/api/users/enable/999999')).status).toBe(404);
  });
});
