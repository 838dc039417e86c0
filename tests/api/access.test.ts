import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessMatrix } from '../../contract/access-api';
import type { LawyerRow } from '../../contract/firm-api';
import type { MenuNode } from '../../contract/menu';
import type { AccountDetail, DeviceRow } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import { routesBreadthFirst } from '../../contract/routes';
import { storeMenuBehindTheApi } from './fixtures';
import { startServer, type TestServer } from './harness';
import { menuIfMatch } from './version-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const MASKED = /^1\d{2}\*{4}\d{4}$/;
const FULL = /^1\d{10}$/;

async function ok<T>(role: Parameters<TestServer['tokenFor']>[0], path: string, lang = 'zh-CN') {
  const res = await server.call<T>('GET', path, {
    token: await server.tokenFor(role),
    headers: { 'accept-language': lang },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('GET /api/access: the ability table', () => {
  it('gives superAdmin every ability with its label and the scope each role holds it in', async () => {
    const zh = await ok<AccessMatrix>('superAdmin', '/api/access');
    const read = zh.list.find((row) => row.ability === 'cases.read');
    expect(read).toEqual({
      ability: 'cases.read',
      label: '查看案件',
      grants: {
        superAdmin: 'all',
        caseOperation: 'all',
        bussinessOperation: 'all',
        lawfirmContactPerson: 'firm',
        lawyer: 'own',
        admin: null,
      },
    });
    expect(zh.total).toBe(zh.list.length);
    const en = await ok<AccessMatrix>('superAdmin', '/api/access', 'en-US');
    expect(en.list.find((row) => row.ability === 'cases.read')?.label).toBe('Read cases');
  });

  it('gives superAdmin nothing the table does not list (the monitor is the administrator’s)', async () => {
    const matrix = await ok<AccessMatrix>('superAdmin', '/api/access');
    expect(matrix.list.find((row) => row.ability === 'monitor.read')?.grants.superAdmin).toBeNull();
    const monitor = await server.call('GET', '/api/monitor/stats', {
      token: await server.tokenFor('superAdmin'),
    });
    expect(monitor.status).toBe(403);
  });

  it('is read-only and for superAdmin: others are refused', async () => {
    for (const role of ['caseOperation', 'lawyer', 'admin'] as const) {
      const res = await server.call('GET', '/api/access', { token: await server.tokenFor(role) });
      expect(res.status).toBe(403);
    }
  });

  it('has a page in the superAdmin 个人中心 menu, which no other role can open', async () => {
    const menu = await ok<MenuNode[]>('superAdmin', '/api/user/menu');
    const route = routesBreadthFirst(menu).find((r) => r.page === 'user-access');
    expect(route).toMatchObject({ path: '/user/access', access: 'access.read' });
    const page = await ok<{ source: { path: string }; access: string }>(
      'superAdmin',
      '/api/pages/user-access',
    );
    expect(page).toMatchObject({ source: { path: '/access' }, access: 'access.read' });
    const res = await server.call('GET', '/api/pages/user-access', {
      token: await server.tokenFor('bussinessOperation'),
    });
    expect(res.status).toBe(403);
  });
});

describe('a page the role does not hold the ability for', () => {
  it('stays closed even when an old stored menu names it', async () => {
    // A lawyer menu saved before abilities, with the account page put in (as the editor once allowed).
    const old = await ok<{ tree: MenuNode[] }>('superAdmin', '/api/menus/lawyer');
    const tree = JSON.parse(JSON.stringify(old.tree)) as Array<MenuNode & { roles?: string[] }>;
    tree[0].children?.push({
      key: '/dashboard/accounts',
      path: '/dashboard/accounts',
      name: 'accounts',
      title: 'menu.userAccount',
      order: 99,
      page: 'user-account',
      roles: ['lawyer'],
    } as MenuNode);
    await storeMenuBehindTheApi(server, 'lawyer', tree);

    const menu = await ok<MenuNode[]>('lawyer', '/api/user/menu');
    expect(routesBreadthFirst(menu).map((r) => r.page)).not.toContain('user-account');
    // The rest of the stored menu still loads (the legacy roles lists are read on).
    expect(routesBreadthFirst(menu).map((r) => r.page)).toContain('my-cases');
    const res = await server.call('GET', '/api/pages/user-account', {
      token: await server.tokenFor('lawyer'),
    });
    expect(res.status).toBe(403);
    const superAdmin = await server.tokenFor('superAdmin');
    await server.call('POST', '/api/menus/lawyer/reset', {
      token: superAdmin,
      headers: await menuIfMatch(server, 'lawyer', superAdmin),
    });
  });
});

describe('phone numbers leave the server masked for callers without phones.read over them', () => {
  it('masks the devices’ owners for a firm contact person, except their own number', async () => {
    const me = await server.userId('13800000004');
    const data = await ok<Paged<DeviceRow>>('lawfirmContactPerson', '/api/devices?pageSize=100');
    expect(data.list.length).toBeGreaterThan(1);
    for (const row of data.list) expect(row.phone).toMatch(row.userId === me ? FULL : MASKED);
    expect(data.list.some((row) => row.userId !== me)).toBe(true);
  });

  it('shows business operations every number in full', async () => {
    const data = await ok<Paged<DeviceRow>>('bussinessOperation', '/api/devices?pageSize=50');
    for (const row of data.list) expect(row.phone).toMatch(FULL);
  });

  it('masks a lawyer’s number on their account page for the firm contact person', async () => {
    const data = await ok<Paged<DeviceRow>>('lawfirmContactPerson', '/api/devices?pageSize=100');
    const me = await server.userId('13800000004');
    const other = data.list.find((row) => row.userId !== me);
    const account = await ok<AccountDetail>('lawfirmContactPerson', `/api/accounts/${other?.userId}`);
    expect(account.phone).toMatch(MASKED);
    const full = await ok<AccountDetail>('superAdmin', `/api/accounts/${other?.userId}`);
    expect(full.phone).toMatch(FULL);
  });

  it('masks the firm’s lawyers in GET /api/lawyers for the contact person, not for operations', async () => {
    const mine = await ok<Paged<LawyerRow>>('lawfirmContactPerson', '/api/lawyers?pageSize=50');
    expect(mine.list.length).toBeGreaterThan(0);
    for (const row of mine.list) expect(row.phone).toMatch(MASKED);
    const all = await ok<Paged<LawyerRow>>('bussinessOperation', '/api/lawyers?pageSize=50');
    for (const row of all.list) expect(row.phone).toMatch(FULL);
  });

  it('does not let a masked caller find a number through the keyword', async () => {
    const all = await ok<Paged<LawyerRow>>('bussinessOperation', '/api/lawyers?pageSize=50');
    const mine = await ok<Paged<LawyerRow>>('lawfirmContactPerson', '/api/lawyers?pageSize=50');
    const target = all.list.find((row) => row.id === mine.list[0].id);
    const digits = target?.phone ?? '';
    const byOps = await ok<Paged<LawyerRow>>('bussinessOperation', `/api/lawyers?keyword=${digits}`);
    expect(byOps.list.map((r) => r.id)).toContain(target?.id);
    const byFirm = await ok<Paged<LawyerRow>>('lawfirmContactPerson', `/api/lawyers?keyword=${digits}`);
    expect(byFirm.list.map((r) => r.id)).not.toContain(target?.id);
  });
});
