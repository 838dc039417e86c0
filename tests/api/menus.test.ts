import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { MenuNode } from '../../contract/menu';
import type { RoleMenu } from '../../contract/menu-api';
import { translate } from '../../contract/messages';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // The operator allows external links to one host (none by default: see the end of this file).
  server = await startServer({ MENU_LINK_HOSTS: 'example.com' });
  admin = await server.tokenFor('superAdmin');
});
afterAll(() => server.close());

const getMenu = (role: string) => server.call<RoleMenu>('GET', `/api/menus/${role}`, { token: admin });
const putMenu = (role: string, tree: unknown) =>
  server.call<RoleMenu>('PUT', `/api/menus/${role}`, { token: admin, body: { tree } });
const resetMenu = (role: string) =>
  server.call<RoleMenu>('POST', `/api/menus/${role}/reset`, { token: admin });

/** The role's default tree, to reshape in a test (a deep copy each time). */
function defaultTree(role: Role): MenuNode[] {
  return structuredClone(filterMenuForRole(DEFAULT_ROUTES, role));
}

function nodeAt(tree: MenuNode[], key: string): MenuNode {
  for (const node of tree) {
    if (node.key === key) return node;
    const below = node.children && findIn(node.children, key);
    if (below) return below;
  }
  throw new Error(`no node ${key}`);
}
function findIn(tree: MenuNode[], key: string): MenuNode | null {
  try {
    return nodeAt(tree, key);
  } catch {
    return null;
  }
}

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

/** `levels` nodes, each the only child of the one before. */
function chain(levels: number, at = 1): MenuNode {
  const node: MenuNode = {
    key: `/deep/${at}`,
    path: `/deep/${at}`,
    name: 'deep',
    title: 'menu.test',
    order: 0,
  };
  return levels > 1 ? { ...node, children: [chain(levels - 1, at + 1)] } : node;
}

/**
 * The JSON text of a tree `levels` deep, built as text: JSON.stringify itself overflows the
 * stack on a value this deep. Each node holds only its children (the limits come first).
 */
const deepTreeJson = (levels: number) => `{"tree":[${'{"children":['.repeat(levels)}${']}'.repeat(levels)}]}`;

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
    expect((await server.call('PUT', '/api/pages/lawyer-notes', { token: admin, body: page })).status).toBe(
      200,
    );

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

describe('a hostile tree is refused, never a 500', () => {
  const putRaw = (rawBody: string, lang = 'zh-CN') =>
    server.call('PUT', '/api/menus/lawyer', {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
    });

  it('refuses a tree 60,000 levels deep at its first node below the fourth level, in the caller language', async () => {
    await resetMenu('lawyer');
    const body = deepTreeJson(60_000);
    expect(body.length).toBeLessThan(1024 * 1024); // under Fastify's body limit: the schema sees it
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const res = await putRaw(body, lang);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(CODES.validation);
      expect(res.body.errors).toEqual([
        {
          path: 'tree.0.children.0.children.0.children.0.children.0',
          message: translate(lang, 'menu.tooDeep'),
        },
      ]);
    }
    expect((await getMenu('lawyer')).body.data.source).toBe('default');
  });

  it('answers a tree 100,000 levels deep, larger than the body limit, with the 413 envelope', async () => {
    const res = await putRaw(deepTreeJson(100_000));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.payloadTooLarge });
  });

  it('refuses more nodes than a menu may hold, at the first one too many', async () => {
    const groups = Array.from({ length: 11 }, (_, g) => ({
      ...chain(1, g),
      key: `/g${g}`,
      path: `/g${g}`,
      children: Array.from({ length: 49 }, (_, i) => ({
        ...chain(1),
        key: `/g${g}/${i}`,
        path: `/g${g}/${i}`,
      })),
    }));
    const res = await putMenu('lawyer', groups);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'tree.10', message: translate('zh-CN', 'menu.tooManyNodes') }]);
  });

  it('refuses a key beside the tree', async () => {
    const res = await server.call('PUT', '/api/menus/lawyer', {
      token: admin,
      body: { tree: defaultTree('lawyer'), __proto__x: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '__proto__x', message: translate('zh-CN', 'schema.unknownKey') },
    ]);
  });

  it('falls back to the default menu when a stored tree no longer parses (a key the schema dropped)', async () => {
    const tree = defaultTree('lawyer');
    Object.assign(tree[0], { onClick: 'alert(1)' });
    await server.app.db
      .insertInto('menus')
      .values({
        role: 'lawyer',
        tree: JSON.stringify(tree),
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .onConflict((oc) => oc.column('role').doUpdateSet({ tree: JSON.stringify(tree) }))
      .execute();
    expect((await getMenu('lawyer')).body.data).toMatchObject({
      source: 'default',
      tree: defaultTree('lawyer'),
    });
    const lawyer = await server.tokenFor('lawyer');
    const menu = await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer });
    expect(menu.status).toBe(200);
    expect(menu.body.data).toEqual(defaultTree('lawyer'));
    await resetMenu('lawyer');
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
      const res = await plain.call('PUT', '/api/menus/lawyer', {
        token: await plain.tokenFor('superAdmin'),
        body: { tree },
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: `tree.${tree.length - 1}.external`, message: translate('en-US', 'menu.externalHost') },
      ]);
    });
  });
});
