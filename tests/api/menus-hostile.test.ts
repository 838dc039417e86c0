import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { MenuNode } from '../../contract/menu';
import { translate } from '../../contract/messages';
import { storeMenuBehindTheApi } from './fixtures';
import { startServer, type TestServer } from './harness';
import { chain, defaultTree, getMenu, putMenu, resetMenu, useMenuServer } from './menu-fixtures';
import { menuIfMatch } from './version-fixtures';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // The operator allows external links to one host (none by default: see menus-checks.test.ts).
  server = await startServer({ MENU_LINK_HOSTS: 'example.com' });
  admin = await useMenuServer(server);
});
afterAll(() => server.close());

/**
 * The JSON text of a tree `levels` deep, built as text: JSON.stringify itself overflows the
 * stack on a value this deep. Each node holds only its children (the limits come first).
 */
const deepTreeJson = (levels: number) => `{"tree":[${'{"children":['.repeat(levels)}${']}'.repeat(levels)}]}`;

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
      headers: await menuIfMatch(server, 'lawyer', admin),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '__proto__x', message: translate('zh-CN', 'schema.unknownKey') },
    ]);
  });

  it('falls back to the default menu when a stored tree no longer parses (a key the schema dropped)', async () => {
    const tree = defaultTree('lawyer');
    Object.assign(tree[0], { onClick: 'alert(1)' });
    await storeMenuBehindTheApi(server, 'lawyer', tree);
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
