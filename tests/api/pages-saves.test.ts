import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import { translate } from '../../contract/messages';
import type { PageHistory, PageList } from '../../contract/page-api';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { checkPage } from '../../server/pages/store';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';
import { errorPaths, put, usePageServer, userTable } from './page-fixtures';

/**
 * Page descriptors: the list, who may write them, the checks a save passes (also the
 * product's own catalogue). Deep and large descriptors: pages-hostile.test.ts; versions,
 * revert and serving stored ones: pages-stored.test.ts.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await usePageServer(server);
});
afterAll(() => server.close());

describe('GET /api/pages', () => {
  it('lists every page with its title, where it comes from and its latest version', async () => {
    const res = await server.call<PageList>('GET', '/api/pages', { token: admin });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.list.map((p) => [p.id, p]));
    expect(res.body.data.total).toBe(res.body.data.list.length);
    expect(byId.get('menu-editor')).toMatchObject({
      title: 'menu.menuEditor',
      source: 'catalog',
      version: null,
    });
    expect(byId.get('page-editor')).toMatchObject({ source: 'catalog' });
    // Every route of the route table is listed.
    expect(byId.has('my-cases')).toBe(true);
    expect(byId.has('search-table')).toBe(true);
  });
});

describe('the page descriptor API is superAdmin only (except reading a page)', () => {
  it.each(['admin', 'caseOperation', 'lawyer', 'bussinessOperation', 'lawfirmContactPerson'] as const)(
    'refuses %s',
    async (role) => {
      const token = await server.tokenFor(role);
      const answers = await Promise.all([
        server.call('GET', '/api/pages', { token }),
        put('user-account', userTable(), token),
        server.call('GET', '/api/pages/user-account/history', { token }),
        server.call('POST', '/api/pages/user-account/revert', { token, body: { version: 1 } }),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe(CODES.forbidden);
      }
    },
  );
});

describe('PUT /api/pages/:id', () => {
  it('saves a valid descriptor: served to the roles whose menu holds the page, audited', async () => {
    const audits = await server.count('audit_log');
    const res = await put('user-setting', {
      schemaVersion: 1,
      id: 'user-setting',
      type: 'result',
      title: 'menu.userSetting',
      status: 'warning',
      subtitle: 'menu.resetModify',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'user-setting', version: 1, savedAt: expect.any(String) });
    expect(await server.count('audit_log')).toBe(audits + 1);

    const lawyer = await server.tokenFor('lawyer');
    const served = await server.call<Record<string, unknown>>('GET', '/api/pages/user-setting', {
      token: lawyer,
    });
    expect(served.status).toBe(200);
    // Stored descriptors are served with the schema's defaults filled in.
    expect(served.body.data).toMatchObject({ type: 'result', status: 'warning', actions: [] });

    const list = await server.call<PageList>('GET', '/api/pages', { token: admin });
    expect(list.body.data.list.find((p) => p.id === 'user-setting')).toMatchObject({
      source: 'stored',
      version: 1,
    });
  });

  it('saves a table page whose API paths and routes are all declared', async () => {
    const res = await put('user-account', userTable());
    expect(res.status).toBe(200);
    const served = await server.call<{ type: string }>('GET', '/api/pages/user-account', { token: admin });
    expect(served.body.data.type).toBe('table');
  });

  it('refuses a body whose id is not the id of the address', async () => {
    const res = await put('user-account', userTable('user-setting'));
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['id']);
  });

  const refusals: Array<[string, (d: ReturnType<typeof userTable>) => void, string]> = [
    ['an unknown widget', (d) => Object.assign(d.columns[0], { widget: 'marquee' }), 'columns.0.widget'],
    ['an unknown page type', (d) => Object.assign(d, { type: 'carousel' }), 'type'],
    [
      'a javascript: link',
      (d) => Object.assign(d.columns[1], { link: 'javascript:alert(1)' }),
      'columns.1.link',
    ],
    ['an API path under /api', (d) => Object.assign(d.source, { path: '/api/users' }), 'source.path'],
    [
      'a source path the server does not declare',
      (d) => Object.assign(d.source, { path: '/secrets' }),
      'source.path',
    ],
    [
      'an api action on a path not in the allowlist',
      (d) => Object.assign(d.rowActions[0], { path: '/users/:id/drop' }),
      'rowActions.0.path',
    ],
    [
      'an api action with a method the path does not declare',
      (d) => Object.assign(d.rowActions[0], { method: 'DELETE' }),
      'rowActions.0.path',
    ],
    [
      'options from an undeclared API',
      (d) => Object.assign(d.filters[0].input.optionsFrom, { path: '/lawfirms/all' }),
      'filters.0.input.optionsFrom.path',
    ],
    [
      'a navigate action to a route the app does not have',
      (d) => Object.assign(d.rowActions[1], { to: '/list/case-erase/:id' }),
      'rowActions.1.to',
    ],
    [
      'a link column to a route the app does not have',
      (d) => Object.assign(d.columns[1], { link: '/nowhere/:id' }),
      'columns.1.link',
    ],
    [
      'an unknown key on a column (zod used to drop it silently)',
      (d) => Object.assign(d.columns[0], { dangerouslySetInnerHTML: { __html: '<img onerror=x>' } }),
      'columns.0.dangerouslySetInnerHTML',
    ],
    [
      'an unknown key on an action',
      (d) => Object.assign(d.rowActions[0], { onClick: 'x' }),
      'rowActions.0.onClick',
    ],
    [
      'an unknown key inside a drawer page',
      (d) => Object.assign(d.rowActions[2].page as object, { script: 'x' }),
      'rowActions.2.page.script',
    ],
    [
      'a role list (abilities replaced them; only stored versions are read on)',
      (d) => Object.assign(d.columns[0], { roles: ['superAdmin'] }),
      'columns.0.roles',
    ],
    [
      'an undeclared API inside a drawer page',
      (d) =>
        Object.assign(d.rowActions[2], {
          page: { ...userTable('user-peek'), source: { path: '/users/everything' } },
        }),
      'rowActions.2.page.source.path',
    ],
  ];

  it.each(refusals)('refuses %s, naming the path of the wrong field', async (_what, spoil, path) => {
    const before = await server.call<PageHistory>('GET', '/api/pages/account-center/history', {
      token: admin,
    });
    const descriptor = userTable('account-center');
    spoil(descriptor);
    const res = await put('account-center', descriptor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODES.validation);
    expect(errorPaths(res)).toContain(path);
    const after = await server.call<PageHistory>('GET', '/api/pages/account-center/history', {
      token: admin,
    });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('refuses a form whose submit path or next route is undeclared', async () => {
    const form = {
      schemaVersion: 1,
      id: 'editfirm',
      type: 'form',
      title: 'menu.editfirm',
      fields: [{ name: 'name', label: 'menu.editfirm', input: { kind: 'input' } }],
      submit: { method: 'POST', path: '/lawfirms/:id/erase', afterSuccess: '/form/nowhere' },
    };
    const res = await put('editfirm', form);
    expect(res.status).toBe(400);
    expect(errorPaths(res).sort()).toEqual(['submit.afterSuccess', 'submit.path']);

    const fixed = {
      ...form,
      submit: { method: 'PUT', path: '/lawfirms/:id/review', afterSuccess: '/form/accountfirm' },
    };
    expect((await put('editfirm', fixed)).status).toBe(200);
  });
});

describe('an upload input names its API path, checked like every other', () => {
  const form = (input: Record<string, unknown>) => ({
    schemaVersion: 1,
    id: 'editfirm',
    type: 'form',
    title: 'menu.editfirm',
    fields: [{ name: 'files', label: 'menu.editfirm', input: { kind: 'upload', ...input } }],
    submit: { method: 'PUT', path: '/cases/:id' },
  });

  it('refuses an upload path the server does not declare', async () => {
    const res = await put('editfirm', form({ path: '/cases/:id/scans' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'fields.0.input.path', message: translate('zh-CN', 'page.unknownApi') },
    ]);
  });

  it('refuses a removable upload whose DELETE <path>/:id is not declared, takes it when not removable', async () => {
    // POST /cases/:id/follow-ups exists; DELETE /cases/:id/follow-ups/:id does not.
    const removable = await put('editfirm', form({ path: '/cases/:id/follow-ups', removable: true }));
    expect(removable.status).toBe(400);
    expect(errorPaths(removable)).toEqual(['fields.0.input.path']);
    expect((await put('editfirm', form({ path: '/cases/:id/follow-ups' }))).status).toBe(200);
    expect((await put('editfirm', form({ path: '/cases/:id/attachments', removable: true }))).status).toBe(
      200,
    );
  });
});

describe("the product's own catalogue", () => {
  it.each([...PAGE_CATALOG.keys()])('%s passes the same checks as a saved descriptor', (id) => {
    const check = checkPage(PAGE_CATALOG.get(id), apiRoutes);
    expect(check.ok ? [] : check.errors).toEqual([]);
  });
});
