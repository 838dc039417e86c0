import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { MenuNode } from '../../contract/menu';
import { startServer, type TestServer } from './harness';
import { defaultTree, findIn, getMenu, nodeAt, putMenu, resetMenu, useMenuServer } from './menu-fixtures';
import { pageIfMatch } from './version-fixtures';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // The operator allows external links to one host (none by default: see menus-checks.test.ts).
  server = await startServer({ MENU_LINK_HOSTS: 'example.com' });
  admin = await useMenuServer(server);
});
afterAll(() => server.close());

describe("reshaping a role's menu", () => {
  it("hides a node for lawyers: the lawyer's next menu load shows it hidden, and the save is audited", async () => {
    await resetMenu('lawyer');
    const lawyer = await server.tokenFor('lawyer');
    const before = await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer });
    expect(nodeAt(before.body.data, '/profile/case').hideInMenu).toBeUndefined();
    const audits = await server.count('audit_log');

    const tree = defaultTree('lawyer');
    nodeAt(tree, '/profile/case').hideInMenu = true;
    const saved = await putMenu('lawyer', tree);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      role: 'lawyer',
      source: 'stored',
      updatedBy: expect.any(String),
    });
    expect(saved.body.data.updatedAt).not.toBeNull();

    const after = await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer });
    expect(nodeAt(after.body.data, '/profile/case').hideInMenu).toBe(true);
    // Hidden, not removed: the page still opens.
    expect((await server.call('GET', '/api/pages/my-cases', { token: lawyer })).status).toBe(200);

    expect(await server.count('audit_log')).toBe(audits + 1);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'menu.save',
      entity: 'menu',
      entity_id: 'lawyer',
      actor_role: 'superAdmin',
    });
  });

  it('reorders, renames and re-icons nodes, and the role sees exactly that', async () => {
    await resetMenu('lawyer');
    const tree = defaultTree('lawyer');
    const profile = nodeAt(tree, '/profile');
    profile.children = [...profile.children!].reverse().map((n, i) => ({ ...n, order: i }));
    profile.title = 'menu.myCases';
    profile.icon = 'trophy';
    expect((await putMenu('lawyer', tree)).status).toBe(200);

    const lawyer = await server.tokenFor('lawyer');
    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer })).body.data;
    const seen = nodeAt(menu, '/profile');
    expect(seen).toMatchObject({ title: 'menu.myCases', icon: 'trophy' });
    expect(seen.children!.map((n) => n.key)).toEqual(profile.children.map((n) => n.key));
    expect((await getMenu('lawyer')).body.data.tree).toEqual(tree);
  });

  it("removes a page from lawyers' menu: the page is closed to lawyers (403) but not to others", async () => {
    await resetMenu('lawyer');
    const lawyer = await server.tokenFor('lawyer');
    expect((await server.call('GET', '/api/pages/my-cases', { token: lawyer })).status).toBe(200);

    const tree = defaultTree('lawyer');
    const profile = nodeAt(tree, '/profile');
    profile.children = profile.children!.filter((n) => n.page !== 'my-cases');
    expect((await putMenu('lawyer', tree)).status).toBe(200);

    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer })).body.data;
    expect(findIn(menu, '/profile/case')).toBeNull();
    const res = await server.call('GET', '/api/pages/my-cases', { token: lawyer });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODES.forbidden);
    expect((await server.call('GET', '/api/pages/my-cases', { token: admin })).status).toBe(200);
  });

  it('resets a role to the default table: stored row gone, menu and pages back, audited', async () => {
    const tree = defaultTree('lawyer');
    const profile = nodeAt(tree, '/profile');
    profile.children = profile.children!.filter((n) => n.page !== 'my-cases');
    await putMenu('lawyer', tree);
    const audits = await server.count('audit_log');

    const res = await resetMenu('lawyer');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'lawyer', source: 'default', tree: defaultTree('lawyer') });
    expect(await server.count('audit_log')).toBe(audits + 1);

    const lawyer = await server.tokenFor('lawyer');
    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer })).body.data;
    expect(menu).toEqual(defaultTree('lawyer'));
    expect((await server.call('GET', '/api/pages/my-cases', { token: lawyer })).status).toBe(200);
  });

  it('accepts a page saved in the page store as a menu page', async () => {
    await resetMenu('lawyer');
    const page = {
      schemaVersion: 1,
      id: 'lawyer-notes',
      type: 'result',
      title: 'menu.myCases',
      status: 'info',
      access: 'lawyer.cases',
    };
    const headers = await pageIfMatch(server, 'lawyer-notes', admin);
    expect(
      (await server.call('PUT', '/api/pages/lawyer-notes', { token: admin, body: page, headers })).status,
    ).toBe(200);

    const tree = defaultTree('lawyer');
    nodeAt(tree, '/profile').children!.push({
      key: '/profile/notes',
      path: '/profile/notes',
      name: 'notes',
      title: 'menu.myCases',
      order: 9,
      page: 'lawyer-notes',
    });
    expect((await putMenu('lawyer', tree)).status).toBe(200);
    const lawyer = await server.tokenFor('lawyer');
    const served = await server.call<{ id: string }>('GET', '/api/pages/lawyer-notes', { token: lawyer });
    expect(served.status).toBe(200);
    expect(served.body.data.id).toBe('lawyer-notes');
    // Other roles' menus do not hold it.
    const other = await server.call('GET', '/api/pages/lawyer-notes', {
      token: await server.tokenFor('caseOperation'),
    });
    expect(other.status).toBe(403);
    await resetMenu('lawyer');
  });
});
