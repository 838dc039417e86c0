import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { formatDate } from '../../contract/dates';
import type { AccountDetail, DeviceRow } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let contactFirmId: number;
let contactUserId: number;
beforeAll(async () => {
  server = await startServer();
  contactUserId = await server.userId('13800000004');
  const contact = await server.app.db
    .selectFrom('users')
    .select('law_firm_id')
    .where('id', '=', contactUserId)
    .executeTakeFirstOrThrow();
  contactFirmId = contact.law_firm_id as number;
});
afterAll(() => server.close());

type Role = Parameters<TestServer['tokenFor']>[0];

async function get<T>(role: Role, path: string) {
  return server.call<T>('GET', path, { token: await server.tokenFor(role) });
}

async function ok<T>(role: Role, path: string): Promise<T> {
  const res = await get<T>(role, path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A device of a user outside the contact person's firm, still bound. */
async function boundDeviceOutsideFirm() {
  return server.app.db
    .selectFrom('devices')
    .innerJoin('users', 'users.id', 'devices.user_id')
    .where('devices.unbound_at', 'is', null)
    .where((eb) => eb.or([eb('users.law_firm_id', '!=', contactFirmId), eb('users.law_firm_id', 'is', null)]))
    .select(['devices.id', 'devices.user_id'])
    .executeTakeFirstOrThrow();
}

async function boundDeviceInFirm(exceptIds: number[] = []) {
  let query = server.app.db
    .selectFrom('devices')
    .innerJoin('users', 'users.id', 'devices.user_id')
    .where('devices.unbound_at', 'is', null)
    .where('users.law_firm_id', '=', contactFirmId)
    .where('users.id', '!=', contactUserId);
  if (exceptIds.length) query = query.where('devices.id', 'not in', exceptIds);
  return query.select(['devices.id', 'devices.user_id']).executeTakeFirstOrThrow();
}

describe('GET /api/devices', () => {
  it('lists every device with its owner for business operations, newest binding first', async () => {
    const data = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?pageSize=100');
    expect(data.total).toBe(await server.count('devices'));
    const bound = data.list.map((d) => d.boundAt);
    expect(bound).toEqual([...bound].sort().reverse());
    expect(data.list[0]).toMatchObject({
      userName: expect.any(String),
      phone: expect.stringMatching(/^1\d{10}$/),
      role: expect.any(String),
    });
  });

  it('shows a contact person only the devices of their firm and their own', async () => {
    const data = await ok<Paged<DeviceRow>>('lawfirmContactPerson', '/api/devices?pageSize=100');
    const expected = await server.app.db
      .selectFrom('devices')
      .innerJoin('users', 'users.id', 'devices.user_id')
      .where((eb) => eb.or([eb('users.law_firm_id', '=', contactFirmId), eb('users.id', '=', contactUserId)]))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(data.total).toBe(Number(expected.n));
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(await server.count('devices'));
    expect(data.list.every((d) => d.lawFirmId === contactFirmId || d.userId === contactUserId)).toBe(true);
  });

  it('filters by binding state, type, owner keyword, role and binding day', async () => {
    const bound = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?state=bound&pageSize=100');
    expect(bound.list.every((d) => d.unboundAt === null)).toBe(true);
    const unbound = await ok<Paged<DeviceRow>>(
      'bussinessOperation',
      '/api/devices?state=unbound&pageSize=100',
    );
    expect(unbound.list.every((d) => d.unboundAt !== null)).toBe(true);
    expect(bound.total + unbound.total).toBe(await server.count('devices'));

    const ios = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?deviceType=ios&pageSize=100');
    expect(ios.total).toBeGreaterThan(0);
    expect(ios.list.every((d) => d.deviceType === 'ios')).toBe(true);

    const mine = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?keyword=13800000004');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((d) => d.phone === '13800000004')).toBe(true);

    const lawyers = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?role=lawyer&pageSize=100');
    expect(lawyers.list.every((d) => d.role === 'lawyer')).toBe(true);

    const day = bound.list[0].boundAt;
    const businessDay = formatDate(day);
    const onDay = await ok<Paged<DeviceRow>>(
      'bussinessOperation',
      `/api/devices?boundFrom=${businessDay}&boundTo=${businessDay}&pageSize=100`,
    );
    expect(onDay.list.map((d) => d.id)).toContain(bound.list[0].id);
    expect(onDay.list.every((d) => formatDate(d.boundAt) === businessDay)).toBe(true);
  });

  it('sorts by last activity either way and refuses a page size over 100', async () => {
    const asc = await ok<Paged<DeviceRow>>(
      'bussinessOperation',
      '/api/devices?sortField=lastActiveAt&sortOrder=ascend&pageSize=50',
    );
    const active = asc.list.map((d) => d.lastActiveAt ?? '~');
    expect(active).toEqual([...active].sort());
    const tooMany = await get('bussinessOperation', '/api/devices?pageSize=101');
    expect(tooMany.status).toBe(400);
  });

  it('is closed to lawyers and case operations', async () => {
    for (const role of ['lawyer', 'caseOperation'] as const) {
      const res = await get(role, '/api/devices');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(CODES.forbidden);
    }
  });
});

describe('POST /api/devices/:id/unbind', () => {
  const unbind = async (role: Role, id: number) =>
    server.call<DeviceRow>('POST', `/api/devices/${id}/unbind`, { token: await server.tokenFor(role) });
  const auditRows = (id: number) =>
    server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'device.unbind')
      .where('entity_id', '=', String(id))
      .execute();

  it("lets a contact person unbind a device of their firm's people once, audited", async () => {
    const device = await boundDeviceInFirm();
    const first = await unbind('lawfirmContactPerson', device.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ id: device.id, unboundAt: expect.any(String) });
    const stored = await server.app.db
      .selectFrom('devices')
      .select('unbound_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored.unbound_at).toBe(first.body.data.unboundAt);
    expect(await auditRows(device.id)).toHaveLength(1);

    const second = await unbind('lawfirmContactPerson', device.id);
    expect(second.status).toBe(404);
    expect(await auditRows(device.id)).toHaveLength(1);
  });

  it("answers 404 to a contact person for another firm's device and changes nothing", async () => {
    const device = await boundDeviceOutsideFirm();
    const res = await unbind('lawfirmContactPerson', device.id);
    expect(res.status).toBe(404);
    const stored = await server.app.db
      .selectFrom('devices')
      .select('unbound_at')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored.unbound_at).toBeNull();
    expect(await auditRows(device.id)).toHaveLength(0);
  });

  it('lets business operations unbind anyone’s device; of two at once exactly one wins', async () => {
    const device = await boundDeviceOutsideFirm();
    const token = await server.tokenFor('bussinessOperation');
    const answers = await Promise.all(
      [1, 2].map(() => server.call('POST', `/api/devices/${device.id}/unbind`, { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await auditRows(device.id)).toHaveLength(1);
  });

  it('answers 404 for a device that does not exist and 403 to a lawyer', async () => {
    expect((await unbind('bussinessOperation', 999_999)).status).toBe(404);
    const device = await boundDeviceInFirm();
    expect((await unbind('lawyer', device.id)).status).toBe(403);
  });
});

describe('GET /api/accounts/:id', () => {
  it('shows a profile with every device and the wallet in figures that add up', async () => {
    const userId = await server.userId('13800000004');
    const account = await ok<AccountDetail>('bussinessOperation', `/api/accounts/${userId}`);
    expect(account).toMatchObject({ id: userId, phone: '13800000004', role: 'lawfirmContactPerson' });
    expect(account.lawFirmId).toBe(contactFirmId);
    expect(account.lawFirmName).toEqual(expect.any(String));
    expect(account.devices.length).toBe(
      Number(
        (
          await server.app.db
            .selectFrom('devices')
            .where('user_id', '=', userId)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(account.boundDevices).toBe(account.devices.filter((d) => d.unboundAt === null).length);
    // The seed replays each wallet's transactions, so money in minus money out is the balance.
    const wallet = account.wallet;
    expect(wallet).not.toBeNull();
    expect(wallet?.incomeFen).toBeGreaterThan(0);
    expect((wallet?.incomeFen ?? 0) - (wallet?.expenseFen ?? 0)).toBe(wallet?.balanceFen);
    const stored = await server.app.db
      .selectFrom('wallets')
      .select('balance_fen')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(wallet?.balanceFen).toBe(Number(stored.balance_fen));
  });

  it('answers 404 to a contact person for someone outside their firm, 200 inside it', async () => {
    const outsider = await server.app.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('law_firm_id', '!=', contactFirmId), eb('law_firm_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    const res = await get('lawfirmContactPerson', `/api/accounts/${outsider.id}`);
    expect(res.status).toBe(404);
    const colleague = await boundDeviceInFirm();
    const inside = await ok<AccountDetail>('lawfirmContactPerson', `/api/accounts/${colleague.user_id}`);
    expect(inside.lawFirmId).toBe(contactFirmId);
  });

  it('shows no wallet for an account without one', async () => {
    // The seed gives everyone a wallet: take the newest account's away.
    const walletless = await server.app.db
      .selectFrom('users')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.app.db.deleteFrom('wallets').where('user_id', '=', walletless.id).execute();
    const account = await ok<AccountDetail>('superAdmin', `/api/accounts/${walletless.id}`);
    expect(account.wallet).toBeNull();
    const wallet = await get('superAdmin', `/api/accounts/${walletless.id}/wallet`);
    expect(wallet.status).toBe(404);
  });
});

describe('the wallet endpoints', () => {
  let userId: number;
  beforeAll(async () => {
    userId = await server.userId('13800000004');
  });

  type Overview = {
    balanceFen: number;
    transactions: number;
    userName: string;
    byKind: Array<{ kind: string; count: number; amountFen: number }>;
  };
  type Tx = { id: number; kind: string; amountFen: number; balanceAfterFen: number; createdAt: string };

  it('sums the transactions per kind to the totals', async () => {
    const wallet = await ok<Overview>('lawfirmContactPerson', `/api/accounts/${userId}/wallet`);
    expect(wallet.userName).toEqual(expect.any(String));
    expect(wallet.byKind.reduce((n, k) => n + k.count, 0)).toBe(wallet.transactions);
    expect(wallet.byKind.reduce((n, k) => n + k.amountFen, 0)).toBe(wallet.balanceFen);
  });

  it('lists transactions newest first; the newest balance is the wallet’s', async () => {
    const wallet = await ok<Overview>('bussinessOperation', `/api/accounts/${userId}/wallet`);
    const page = await ok<Paged<Tx>>('bussinessOperation', `/api/accounts/${userId}/wallet/transactions`);
    expect(page.total).toBe(wallet.transactions);
    const times = page.list.map((t) => t.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.list[0].balanceAfterFen).toBe(wallet.balanceFen);
  });

  it('filters by kind, direction and day, and sorts by amount', async () => {
    const base = `/api/accounts/${userId}/wallet/transactions`;
    const all = await ok<Paged<Tx>>('bussinessOperation', `${base}?pageSize=100`);
    const kinds = [...new Set(all.list.map((t) => t.kind))];
    const some = await ok<Paged<Tx>>('bussinessOperation', `${base}?kind=${kinds[0]}&pageSize=100`);
    expect(some.total).toBe(all.list.filter((t) => t.kind === kinds[0]).length);
    const out = await ok<Paged<Tx>>('bussinessOperation', `${base}?direction=expense&pageSize=100`);
    expect(out.list.every((t) => t.amountFen < 0)).toBe(true);
    const into = await ok<Paged<Tx>>('bussinessOperation', `${base}?direction=income&pageSize=100`);
    expect(into.total + out.total).toBe(all.total);
    const day = formatDate(all.list[0].createdAt);
    const onDay = await ok<Paged<Tx>>('bussinessOperation', `${base}?createdFrom=${day}&createdTo=${day}`);
    expect(onDay.list.map((t) => t.id)).toContain(all.list[0].id);
    const byAmount = await ok<Paged<Tx>>(
      'bussinessOperation',
      `${base}?sortField=amountFen&sortOrder=ascend&pageSize=100`,
    );
    const amounts = byAmount.list.map((t) => t.amountFen);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect((await get('bussinessOperation', `${base}?kind=bonus`)).status).toBe(400);
  });

  it("keeps a contact person out of other firms' wallets", async () => {
    const outsider = await server.app.db
      .selectFrom('wallets')
      .innerJoin('users', 'users.id', 'wallets.user_id')
      .where((eb) =>
        eb.or([eb('users.law_firm_id', '!=', contactFirmId), eb('users.law_firm_id', 'is', null)]),
      )
      .select('users.id')
      .executeTakeFirstOrThrow();
    for (const path of [
      `/api/accounts/${outsider.id}/wallet`,
      `/api/accounts/${outsider.id}/wallet/transactions`,
    ]) {
      expect((await get('lawfirmContactPerson', path)).status).toBe(404);
      expect((await get('bussinessOperation', path)).status).toBe(200);
    }
  });
});
