import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../contract/menu';
import type { Role } from '../../contract/roles';
import { startServer, type TestServer } from './harness';
import { defaultTree, findIn, getMenu, nodeAt, putMenu, resetMenu, useMenuServer } from './menu-fixtures';

/**
 * The product's pages added after a role's menu was saved (server/menus/new-routes.ts): the
 * saved menu records the route keys it knew, and a route it did not know reaches the role at its
 * default place, through the same permission filter; a page the administrator removed stays
 * removed.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  await useMenuServer(server);
});
afterAll(() => server.close());

/** Drops a node from a tree, wherever it is. */
function without(tree: MenuNode[], key: string): MenuNode[] {
  return tree
    .filter((node) => node.key !== key)
    .map((node) => (node.children ? { ...node, children: without(node.children, key) } : node));
}

/**
 * `tree` saved as a role's menu before the product had the routes `added`: the tree without
 * them, and its record of the routes it knew without them too (as every menu saved before
 * migration 0024 is once migration 0032 has run).
 */
async function savedBefore(role: Role, tree: MenuNode[], added: string[]) {
  const old = added.reduce(without, tree);
  expect((await putMenu(role, old)).status).toBe(200);
  const row = await server.app.db
    .selectFrom('menus')
    .select('known_routes')
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  const known = (JSON.parse(row.known_routes as string) as string[]).filter((key) => !added.includes(key));
  await server.app.db
    .updateTable('menus')
    .set({ known_routes: JSON.stringify(known) })
    .where('role', '=', role)
    .execute();
}

/** The pages migrations 0024-0029 brought (分期审核, 合规监控, 个人信息访问记录, 敏感词). */
const FOUR_PAGES = ['/list/plan-review', '/result/compliance', '/user/pii-access', '/user/sensitive-words'];

const menuOf = async (role: Role) =>
  (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: await server.tokenFor(role) })).body.data;
const pageStatus = async (role: Role, page: string) =>
  (await server.call('GET', `/api/pages/${page}`, { token: await server.tokenFor(role) })).status;

describe('pages the product added after a menu was saved', () => {
  it('appear in that role’s menu at their default place, and open', async () => {
    await resetMenu('bussinessOperation');
    // 合规监控 and 个人信息访问记录 came after this menu was saved; the administrator had renamed 结果页.
    const tree = defaultTree('bussinessOperation');
    nodeAt(tree, '/result').title = 'menu.myCases';
    await savedBefore('bussinessOperation', tree, ['/result/compliance', '/user/pii-access']);
    expect(await pageStatus('bussinessOperation', 'compliance')).toBe(200);

    const menu = await menuOf('bussinessOperation');
    const expected = defaultTree('bussinessOperation');
    const result = nodeAt(menu, '/result');
    expect(result.title).toBe('menu.myCases');
    expect(result.children!.map((n) => n.key)).toEqual(
      nodeAt(expected, '/result').children!.map((n) => n.key),
    );
    expect(nodeAt(menu, '/result/compliance')).toEqual(nodeAt(expected, '/result/compliance'));
    expect(nodeAt(menu, '/user').children!.map((n) => n.key)).toEqual(
      nodeAt(expected, '/user').children!.map((n) => n.key),
    );
    // The menu editor shows them too, so the next save knows them.
    expect(findIn((await getMenu('bussinessOperation')).body.data.tree, '/result/compliance')).not.toBeNull();
    await resetMenu('bussinessOperation');
  });

  it('come in a copy of their group when the administrator had removed the group', async () => {
    await resetMenu('superAdmin');
    const tree = defaultTree('superAdmin');
    // 敏感词 came after this save; the 个人中心 group's pages had been moved under 系统 (the list group).
    const user = nodeAt(tree, '/user');
    const list = nodeAt(tree, '/list');
    list.children = [...list.children!, ...without(user.children!, '/user/sensitive-words')];
    await savedBefore(
      'superAdmin',
      tree.filter((node) => node.key !== '/user'),
      ['/user/sensitive-words'],
    );

    const menu = await menuOf('superAdmin');
    expect(nodeAt(menu, '/list').children!.map((n) => n.key)).toContain('/user/menu-editor');
    const copy = nodeAt(menu, '/user');
    expect(copy.children!.map((n) => n.key)).toEqual(['/user/sensitive-words']);
    expect(copy).toMatchObject({ title: user.title, icon: user.icon, order: user.order });
    expect(await pageStatus('superAdmin', 'sensitive-words')).toBe(200);
    await resetMenu('superAdmin');
  });

  it('stay removed once the administrator removed one from the saved menu', async () => {
    await resetMenu('bussinessOperation');
    await savedBefore('bussinessOperation', defaultTree('bussinessOperation'), ['/result/compliance']);
    // The editor offers the new page; the administrator takes it out and saves.
    const offered = (await getMenu('bussinessOperation')).body.data.tree;
    expect(findIn(offered, '/result/compliance')).not.toBeNull();
    expect((await putMenu('bussinessOperation', without(offered, '/result/compliance'))).status).toBe(200);

    expect(findIn(await menuOf('bussinessOperation'), '/result/compliance')).toBeNull();
    expect(findIn((await getMenu('bussinessOperation')).body.data.tree, '/result/compliance')).toBeNull();
    expect(await pageStatus('bussinessOperation', 'compliance')).toBe(403);
    await resetMenu('bussinessOperation');
  });

  it('are not given to a role without their ability', async () => {
    // Case operations may review plans (分期审核) but not open the other three pages added since.
    await resetMenu('caseOperation');
    await savedBefore('caseOperation', defaultTree('caseOperation'), FOUR_PAGES);

    const menu = await menuOf('caseOperation');
    expect(nodeAt(menu, '/list/plan-review')).toEqual(
      nodeAt(defaultTree('caseOperation'), '/list/plan-review'),
    );
    for (const key of FOUR_PAGES.slice(1)) expect(findIn(menu, key)).toBeNull();
    // Nor does the editor offer them: the tree it shows saves as it is.
    const offered = (await getMenu('caseOperation')).body.data.tree;
    for (const key of FOUR_PAGES.slice(1)) expect(findIn(offered, key)).toBeNull();
    expect((await putMenu('caseOperation', offered)).status).toBe(200);
    expect(await pageStatus('caseOperation', 'plan-review')).toBe(200);
    expect(await pageStatus('caseOperation', 'compliance')).toBe(403);
    expect(await pageStatus('caseOperation', 'sensitive-words')).toBe(403);
    await resetMenu('caseOperation');
  });
});
