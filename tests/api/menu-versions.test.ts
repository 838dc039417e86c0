import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../contract/menu';
import type { MenuHistory, RoleMenu } from '../../contract/menu-api';
import type { Draft, VersionConflict } from '../../contract/versions';
import { startServer, type TestServer } from './harness';
import { defaultTree, nodeAt, useMenuServer } from './menu-fixtures';
import { secondAdministrator } from './version-fixtures';

/** Role menus published over the version they were edited from: If-Match, 409, drafts, history, diff, restore, reset. */

let server: TestServer;
let admin: string;
let second: { id: number; name: string; token: string };
beforeAll(async () => {
  server = await startServer();
  admin = await useMenuServer(server);
  second = await secondAdministrator(server, '王管理员');
});
afterAll(() => server.close());

const version = async (role: string) => {
  const res = await server.call<RoleMenu>('GET', `/api/menus/${role}`, { token: admin });
  expect(res.headers.get('etag')).toBe(`"${res.body.data.version}"`);
  return res.body.data.version;
};
const publish = (role: string, tree: MenuNode[], ifMatch: number | null, token = admin) =>
  server.call<RoleMenu>('PUT', `/api/menus/${role}`, {
    token,
    body: { tree },
    headers: ifMatch === null ? {} : { 'if-match': `"${ifMatch}"` },
  });
const withoutMyCases = (role: 'lawyer') => {
  const tree = defaultTree(role);
  const profile = nodeAt(tree, '/profile');
  profile.children = profile.children!.filter((n) => n.page !== 'my-cases');
  return tree;
};

describe("publishing a role's menu names the version it was edited from", () => {
  it('starts from the seeded version 1', async () => {
    expect(await version('caseOperation')).toBe(1);
  });

  it('answers 428 without If-Match, for a save and a reset alike', async () => {
    expect((await publish('lawyer', defaultTree('lawyer'), null)).status).toBe(428);
    expect((await server.call('POST', '/api/menus/lawyer/reset', { token: admin })).status).toBe(428);
  });

  it('refuses a save over a newer version with 409 and its author; the role keeps the newer menu', async () => {
    const loaded = await version('lawyer');
    expect((await publish('lawyer', withoutMyCases('lawyer'), loaded, second.token)).status).toBe(200);
    const theirs = await publish('lawyer', defaultTree('lawyer'), loaded);
    expect(theirs.status).toBe(409);
    expect(theirs.body.data as unknown as VersionConflict).toMatchObject({
      version: loaded + 1,
      savedBy: { id: second.id, name: '王管理员' },
    });
    const lawyer = await server.tokenFor('lawyer');
    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: lawyer })).body.data;
    expect(JSON.stringify(menu)).not.toContain('my-cases');
  });

  it('keeps the reset as a version of its own: versions never decrease', async () => {
    const loaded = await version('lawyer');
    const reset = await server.call<RoleMenu>('POST', '/api/menus/lawyer/reset', {
      token: admin,
      headers: { 'if-match': `"${loaded}"` },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ source: 'default', version: loaded + 1 });
    const history = await server.call<MenuHistory>('GET', '/api/menus/lawyer/history', { token: admin });
    expect(history.body.data.list[0]).toMatchObject({ version: loaded + 1, kind: 'reset', tree: null });
    expect(history.body.data.list.map((v) => v.version)).toEqual(
      [...history.body.data.list.map((v) => v.version)].sort((a, b) => b - a),
    );
  });
});

describe('menu drafts, history, diff and restore', () => {
  it('keeps a shared draft that the role is never served, and forgets it on publish', async () => {
    const loaded = await version('bussinessOperation');
    const draft = [...defaultTree('bussinessOperation')].reverse();
    const put = await server.call<Draft>('PUT', '/api/menus/bussinessOperation/draft', {
      token: second.token,
      body: { content: draft, baseVersion: loaded },
    });
    expect(put.status).toBe(200);
    const read = await server.call<Draft>('GET', '/api/menus/bussinessOperation/draft', { token: admin });
    expect(read.body.data).toMatchObject({
      content: draft,
      baseVersion: loaded,
      updatedBy: { name: '王管理员' },
    });
    const user = await server.tokenFor('bussinessOperation');
    const menu = (await server.call<MenuNode[]>('GET', '/api/user/menu', { token: user })).body.data;
    expect(menu[0]?.key).toBe(defaultTree('bussinessOperation')[0]?.key);
    expect((await publish('bussinessOperation', draft, loaded)).status).toBe(200);
    const after = await server.call<Draft>('GET', '/api/menus/bussinessOperation/draft', { token: admin });
    expect(after.body.data).toBeNull();
  });

  it('discards a shared draft on purpose, leaving the published menu as it was', async () => {
    const loaded = await version('caseOperation');
    const url = '/api/menus/caseOperation/draft';
    const body = { content: [...defaultTree('caseOperation')].reverse(), baseVersion: loaded };
    expect((await server.call<Draft>('PUT', url, { token: second.token, body })).status).toBe(200);
    const dropped = await server.call<Draft>('DELETE', url, { token: admin });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toBeNull();
    expect((await server.call<Draft>('GET', url, { token: admin })).body.data).toBeNull();
    expect(await version('caseOperation')).toBe(loaded);
  });

  it('diffs two versions by JSON pointer and restores one as a new version with the same tree', async () => {
    const from = await version('lawfirmContactPerson');
    const tree = defaultTree('lawfirmContactPerson');
    tree[0]!.hideInMenu = true;
    const saved = await publish('lawfirmContactPerson', tree, from);
    expect(saved.status).toBe(200);
    const to = saved.body.data.version;
    const diff = await server.call<{ list: Array<{ path: string; before?: unknown; after?: unknown }> }>(
      'GET',
      `/api/menus/lawfirmContactPerson/diff?from=${from}&to=${to}`,
      { token: admin },
    );
    expect(diff.body.data.list).toEqual([{ path: '/0/hideInMenu', after: true }]);

    const restored = await server.call<RoleMenu>('POST', '/api/menus/lawfirmContactPerson/revert', {
      token: admin,
      body: { version: from },
      headers: { 'if-match': `"${to}"` },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.version).toBe(to + 1);
    const rows = await server.app.db
      .selectFrom('menu_versions')
      .select(['version', 'tree', 'kind'])
      .where('role', '=', 'lawfirmContactPerson')
      .where('version', 'in', [from, to + 1])
      .orderBy('version')
      .execute();
    expect(rows[1]?.kind).toBe('revert');
    expect(rows[1]?.tree).toBe(rows[0]?.tree);
    const back = await server.call('GET', `/api/menus/lawfirmContactPerson/diff?from=${from}&to=${to + 1}`, {
      token: admin,
    });
    expect((back.body.data as { list: unknown[] }).list).toEqual([]);
  });
});
