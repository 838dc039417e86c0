import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { MenuNode } from '../../contract/menu';
import { translate } from '../../contract/messages';
import { startServer, type TestServer } from './harness';
import { chain, defaultTree, getMenu, nodeAt, putMenu, resetMenu, useMenuServer } from './menu-fixtures';
import { menuIfMatch } from './version-fixtures';

/**
 * Reading a role's menu and who may, the checks a saved tree passes and the external links
 * MENU_LINK_HOSTS allows. Reshaping a menu: menus-reshaping.test.ts; deep and large trees:
 * menus-hostile.test.ts.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  // The operator allows external links to one host (none by default: see the end of this file).
  server = await startServer({ MENU_LINK_HOSTS: 'example.com' });
  admin = await useMenuServer(server);
});
afterAll(() => server.close());

/** The dot path of a node in a tree (`tree.4.children.1`). */
function pathOf(tree: MenuNode[], key: string, at = 'tree'): string | null {
  for (const [i, node] of tree.entries()) {
    if (node.key === key) return `${at}.${i}`;
    const below = node.children && pathOf(node.children, key, `${at}.${i}.children`);
    if (below) return below;
  }
  return null;
}

function errorPaths(res: { body: { errors?: Array<{ path: string }> } }) {
  return (res.body.errors ?? []).map((e) => e.path);
}

/** A top-level node linking out. */
const link = (external: string): MenuNode => ({
  key: 'x',
  path: '/x',
  name: 'x',
  title: 'menu.test',
  order: 9,
  external,
});

describe('GET /api/menus/:role', () => {
  it("answers a role's whole tree, hidden routes included, with where it comes from", async () => {
    await resetMenu('lawyer');
    const res = await getMenu('lawyer');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      role: 'lawyer',
      source: 'default',
      updatedAt: null,
      updatedBy: null,
    });
    expect(res.body.data.tree).toEqual(defaultTree('lawyer'));
    expect(nodeAt(res.body.data.tree, '/profile/editlawyer').hideInMenu).toBe(true);
  });

  it('refuses an unknown role with the path of the parameter', async () => {
    const res = await getMenu('emperor');
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['role']);
  });

  it.each(['admin', 'caseOperation', 'lawyer', 'bussinessOperation'] as const)(
    'is closed to %s, for reading, saving and resetting',
    async (role) => {
      const token = await server.tokenFor(role);
      const answers = await Promise.all([
        server.call('GET', '/api/menus/lawyer', { token }),
        server.call('PUT', '/api/menus/lawyer', { token, body: { tree: defaultTree('lawyer') } }),
        server.call('POST', '/api/menus/lawyer/reset', { token }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(CODES.forbidden);
      }
    },
  );
});

describe('PUT /api/menus/:role refuses a wrong tree, naming the wrong node', () => {
  // [what is wrong, how to spoil the default tree, the path expected (read before spoiling)]
  const cases: Array<[string, (tree: MenuNode[]) => void, (tree: MenuNode[]) => string]> = [
    [
      'an icon outside the allowlist',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { icon: 'skull' }),
      (t) => `${pathOf(t, '/profile/case')}.icon`,
    ],
    [
      'an unknown page id',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { page: 'no-such-page' }),
      (t) => `${pathOf(t, '/profile/case')}.page`,
    ],
    [
      'a javascript: link',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { page: undefined, external: 'javascript:alert(1)' }),
      (t) => `${pathOf(t, '/profile/case')}.external`,
    ],
    [
      'a data: link',
      (t) =>
        t.push({
          key: 'x',
          path: '/x',
          name: 'x',
          title: 'menu.test',
          order: 9,
          external: 'data:text/html,hi',
        }),
      (t) => `tree.${t.length}.external`,
    ],
    [
      'a relative path',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { path: 'profile/case' }),
      (t) => `${pathOf(t, '/profile/case')}.path`,
    ],
    [
      'a protocol-relative path',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { path: '//evil.example/case' }),
      (t) => `${pathOf(t, '/profile/case')}.path`,
    ],
    [
      'a duplicate key',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { key: '/profile/search-table-lawyer' }),
      (t) => `${pathOf(t, '/profile/case')}.key`,
    ],
    [
      'a duplicate path',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { path: '/profile/search-table-lawyer' }),
      (t) => `${pathOf(t, '/profile/case')}.path`,
    ],
    [
      'a page whose ability the role does not hold (the account page in a lawyer menu)',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { page: 'user-account' }),
      (t) => `${pathOf(t, '/profile/case')}.page`,
    ],
    [
      'a link naming an ability the role does not hold',
      (t) =>
        t.push({
          key: 'x',
          path: '/x',
          name: 'x',
          title: 'menu.test',
          order: 9,
          access: 'accounts.manage',
          external: 'https://example.com/',
        }),
      (t) => `tree.${t.length}.access`,
    ],
    [
      'an unknown key on a node (zod used to drop it silently)',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { onClick: 'alert(1)' }),
      (t) => `${pathOf(t, '/profile/case')}.onClick`,
    ],
    [
      'a link to a host MENU_LINK_HOSTS does not list',
      (t) => t.push(link('https://evil.example/')),
      (t) => `tree.${t.length}.external`,
    ],
    [
      'a plain http link, even to a listed host',
      (t) => t.push(link('http://example.com/')),
      (t) => `tree.${t.length}.external`,
    ],
    [
      'a link whose user part names a listed host',
      (t) => t.push(link('https://example.com@evil.example/')),
      (t) => `tree.${t.length}.external`,
    ],
    [
      'a fifth level',
      (t) => Object.assign(nodeAt(t, '/profile/case'), { children: [chain(3)] }),
      (t) => `${pathOf(t, '/profile/case')}.children.0.children.0.children.0`,
    ],
  ];

  it.each(cases)('%s', async (_name, spoil, wrongPath) => {
    await resetMenu('lawyer');
    const tree = defaultTree('lawyer');
    const expected = wrongPath(tree);
    spoil(tree);
    const res = await putMenu('lawyer', tree);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODES.validation);
    // Only there (a path breaking two rules is named twice).
    expect([...new Set(errorPaths(res))]).toEqual([expected]);
    // Nothing was stored.
    expect((await getMenu('lawyer')).body.data.source).toBe('default');
  });

  it('reports the path of a wrong icon deep in the tree, in the caller language', async () => {
    const tree = defaultTree('superAdmin');
    tree[2].children![0].icon = 'not-an-icon' as never;
    const res = await server.call('PUT', '/api/menus/superAdmin', {
      token: admin,
      body: { tree },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['tree.2.children.0.icon']);
  });

  it('refuses a superAdmin menu without the menu editor, so superAdmin cannot lock itself out', async () => {
    const tree = defaultTree('superAdmin');
    const user = nodeAt(tree, '/user');
    user.children = user.children!.filter((n) => n.page !== 'menu-editor');
    const res = await putMenu('superAdmin', tree);
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['tree']);
  });
});

describe('external links (MENU_LINK_HOSTS)', () => {
  it('saves an https link to a listed host, and the role sees it', async () => {
    await resetMenu('lawyer');
    const tree = [...defaultTree('lawyer'), link('https://example.com/help')];
    expect((await putMenu('lawyer', tree)).status).toBe(200);
    const lawyer = await server.tokenFor('lawyer');
    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer })).body.data;
    expect(nodeAt(menu, 'x').external).toBe('https://example.com/help');
    await resetMenu('lawyer');
  });

  describe('with no MENU_LINK_HOSTS (the default)', () => {
    let plain: TestServer;
    beforeAll(async () => {
      plain = await startServer();
    });
    afterAll(() => plain.close());

    it('refuses every external link, naming the node', async () => {
      const tree = [...defaultTree('lawyer'), link('https://example.com/help')];
      const token = await plain.tokenFor('superAdmin');
      const res = await plain.call('PUT', '/api/menus/lawyer', {
        token,
        body: { tree },
        headers: { 'accept-language': 'en-US', ...(await menuIfMatch(plain, 'lawyer', token)) },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: `tree.${tree.length - 1}.external`, message: translate('en-US', 'menu.externalHost') },
      ]);
    });
  });
});
