import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODES } from '../../contract/codes';
import { translate } from '../../contract/messages';
import type { PageHistory, PageList, SavedPage } from '../../contract/page-api';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { checkPage, ROUTE_PAGES } from '../../server/pages/store';
import { apiRoutes } from '../../server/routes';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await server.tokenFor('superAdmin');
});
afterAll(() => server.close());

/** A table page whose every API path and route is declared: the user list of account management. */
function userTable(id = 'user-account') {
  return {
    schemaVersion: 1,
    id,
    type: 'table',
    title: 'menu.userAccount',
    source: { path: '/users' },
    filters: [
      {
        name: 'lawFirm',
        label: 'menu.form',
        input: { kind: 'select', optionsFrom: { path: '/register/lawfirms', value: 'id', label: 'name' } },
      },
    ],
    columns: [
      { field: 'name', title: 'menu.userAccount' },
      { field: 'id', title: 'menu.caseDetail', widget: 'link', link: '/list/case-detail/:id' },
    ],
    rowActions: [
      { key: 'enable', label: 'menu.userAccount', kind: 'api', method: 'PUT', path: '/users/enable/:id' },
      { key: 'open', label: 'menu.caseDetail', kind: 'navigate', to: '/list/case-detail/:id' },
      {
        key: 'peek',
        label: 'menu.caseDetail',
        kind: 'drawer',
        page: {
          schemaVersion: 1,
          id: 'user-peek',
          type: 'result',
          title: 'menu.userAccount',
          status: 'info',
        },
      },
    ],
  };
}

const put = (id: string, body: unknown, token = admin) =>
  server.call<SavedPage>('PUT', `/api/pages/${id}`, { token, body });
const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);

/** Stores a descriptor as the page's next version straight in the database (an old save). */
async function storeRaw(id: string, json: string) {
  const last = await server.app.db
    .selectFrom('page_descriptors')
    .select(({ fn }) => fn.max('version').as('v'))
    .where('page_id', '=', id)
    .executeTakeFirst();
  await server.app.db
    .insertInto('page_descriptors')
    .values({
      page_id: id,
      version: Number(last?.v ?? 0) + 1,
      descriptor: json,
      saved_by: null,
      saved_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * The JSON text of tabs pages nested `levels` deep, built as text (JSON.stringify overflows
 * the stack on a value this deep). `full`: every page complete; else only what nests.
 */
function deepTabsJson(levels: number, full: boolean): string {
  const open = full
    ? '{"schemaVersion":1,"id":"deep","type":"tabs","title":"menu.taskCenter","tabs":[{"key":"k","title":"menu.taskCenter","page":'
    : '{"type":"tabs","tabs":[{"page":';
  return `${open.repeat(levels)}{}${'}]}'.repeat(levels)}`;
}
const ninthPage = Array(8).fill('tabs.0.page').join('.');

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

describe('a hostile descriptor is refused, never a 500', () => {
  const putRaw = (id: string, rawBody: string, lang = 'zh-CN') =>
    server.call('PUT', `/api/pages/${id}`, {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json', 'accept-language': lang },
    });

  it('refuses tabs nested 10,000 deep at the ninth page, in the caller language', async () => {
    const body = deepTabsJson(10_000, false);
    expect(body.length).toBeLessThan(1024 * 1024); // under Fastify's body limit: the schema sees it
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const res = await putRaw('renewal-follow', body, lang);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(CODES.validation);
      expect(res.body.errors).toEqual([{ path: ninthPage, message: translate(lang, 'descriptor.tooDeep') }]);
    }
  });

  it('answers complete tabs pages 10,000 deep, larger than the body limit, with the 413 envelope', async () => {
    const res = await putRaw('renewal-follow', deepTabsJson(10_000, true));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 'fail', code: CODES.payloadTooLarge });
  });

  it('takes eight levels of pages and refuses a ninth', async () => {
    const nested = (levels: number): unknown =>
      levels === 1
        ? { schemaVersion: 1, id: 'leaf', type: 'result', title: 'menu.renewalFollow', status: 'info' }
        : {
            schemaVersion: 1,
            id: levels === 8 || levels === 9 ? 'renewal-follow' : `level-${levels}`,
            type: 'tabs',
            title: 'menu.renewalFollow',
            tabs: [{ key: 'k', title: 'menu.renewalFollow', page: nested(levels - 1) }],
          };
    expect((await put('renewal-follow', nested(8))).status).toBe(200);
    const res = await put('renewal-follow', nested(9));
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual([ninthPage]);
  });

  it('refuses a descriptor larger than its byte limit, at the value that crossed it', async () => {
    const res = await put('renewal-follow', {
      schemaVersion: 1,
      id: 'renewal-follow',
      type: 'result',
      title: 'menu.renewalFollow',
      status: 'info',
      subtitle: 'x'.repeat(300 * 1024),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'subtitle', message: translate('zh-CN', 'descriptor.tooLarge') },
    ]);
  });

  it('refuses more objects than a descriptor may hold, at the first one too many', async () => {
    const options = Array.from({ length: 200 }, (_, i) => ({ value: i, label: 'menu.userAccount' }));
    const descriptor = userTable('account-center');
    descriptor.filters = Array.from({ length: 11 }, (_, i) => ({
      name: `f${i}`,
      label: 'menu.form',
      input: { kind: 'select', options } as never,
    }));
    const res = await put('account-center', descriptor);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      // The page and its source are objects 1 and 2, each filter 202 more: 2001 is filter 9's option 178.
      { path: 'filters.9.input.options.178', message: translate('zh-CN', 'descriptor.tooManyNodes') },
    ]);
  });
});

describe('history and revert', () => {
  const version = (status: 'info' | 'success' | 'error') => ({
    schemaVersion: 1,
    id: 'task-center',
    type: 'result',
    title: 'menu.taskCenter',
    status,
  });

  it('keeps every saved version with who and when, and reverts by saving an old one as the newest', async () => {
    expect((await put('task-center', version('info'))).body.data.version).toBe(1);
    expect((await put('task-center', version('success'))).body.data.version).toBe(2);

    const history = await server.call<PageHistory>('GET', '/api/pages/task-center/history', { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.data.list.map((v) => v.version)).toEqual([2, 1]);
    expect(history.body.data.list[0]).toMatchObject({
      savedBy: { id: await server.userId('13800000001'), name: expect.any(String) },
      savedAt: expect.any(String),
      descriptor: { status: 'success' },
    });

    const audits = await server.count('audit_log');
    const reverted = await server.call<SavedPage>('POST', '/api/pages/task-center/revert', {
      token: admin,
      body: { version: 1 },
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.version).toBe(3);
    expect(await server.count('audit_log')).toBe(audits + 1);

    const served = await server.call<{ status: string }>('GET', '/api/pages/task-center', { token: admin });
    expect(served.body.data.status).toBe('info');
    const after = await server.call<PageHistory>('GET', '/api/pages/task-center/history', { token: admin });
    expect(after.body.data.list.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('starts the editor from what the page serves now: the catalogue, or a placeholder for a missing page', async () => {
    const builtIn = await server.call<PageHistory>('GET', '/api/pages/menu-editor/history', { token: admin });
    expect(builtIn.body.data).toMatchObject({
      id: 'menu-editor',
      source: 'catalog',
      current: PAGE_CATALOG.get('menu-editor'),
      list: [],
      total: 0,
    });
    // A route whose descriptor is neither written nor saved yet (none, once every page has one).
    const list = await server.call<PageList>('GET', '/api/pages', { token: admin });
    const id = list.body.data.list.find((p) => p.source === 'missing')?.id;
    const route = id ? ROUTE_PAGES.get(id) : undefined;
    if (!route?.page) return;
    const missing = await server.call<PageHistory>('GET', `/api/pages/${route.page}/history`, {
      token: admin,
    });
    expect(missing.body.data).toMatchObject({
      source: 'missing',
      current: { id: route.page, type: 'result', title: route.title, subtitle: 'page.notYetAvailable' },
    });
  });

  it('answers 404 for a version that does not exist and for a page that does not exist', async () => {
    const res = await server.call('POST', '/api/pages/task-center/revert', {
      token: admin,
      body: { version: 99 },
    });
    expect(res.status).toBe(404);
    const none = await server.call('GET', '/api/pages/no-such-page/history', { token: admin });
    expect(none.status).toBe(404);
  });

  it('refuses to revert to a version that no longer passes the checks', async () => {
    await server.app.db
      .insertInto('page_descriptors')
      .values({
        page_id: 'case-node',
        version: 1,
        descriptor: JSON.stringify({ ...version('info'), id: 'case-node', status: 'bogus' }),
        saved_by: null,
        saved_at: new Date().toISOString(),
      })
      .execute();
    const res = await server.call('POST', '/api/pages/case-node/revert', {
      token: admin,
      body: { version: 1 },
    });
    expect(res.status).toBe(400);
    expect(errorPaths(res)).toEqual(['status']);
  });
});

describe('serving stored descriptors', () => {
  it('never serves an invalid stored descriptor: the catalogue answers instead', async () => {
    const catalogued = PAGE_CATALOG.get('workplace');
    expect(catalogued).toBeDefined();
    await server.app.db
      .insertInto('page_descriptors')
      .values({
        page_id: 'workplace',
        version: 1,
        descriptor: JSON.stringify({ ...catalogued, source: { path: '/not-declared' } }),
        saved_by: null,
        saved_at: new Date().toISOString(),
      })
      .execute();
    const token = await server.tokenFor('caseOperation');
    const res = await server.call<{ source: { path: string } }>('GET', '/api/pages/workplace', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.source.path).toBe(catalogued?.type === 'dashboard' ? catalogued.source.path : '');

    const list = await server.call<PageList>('GET', '/api/pages', { token: admin });
    expect(list.body.data.list.find((p) => p.id === 'workplace')).toMatchObject({
      source: 'catalog',
      version: 1,
    });
  });

  it('serves a version stored with role lists: they are read as abilities before the strict schema', async () => {
    await storeRaw(
      'statistics-data',
      JSON.stringify({
        schemaVersion: 1,
        id: 'statistics-data',
        roles: ['*'],
        type: 'result',
        title: 'menu.statisticsData',
        status: 'info',
        actions: [
          {
            key: 'go',
            label: 'menu.caseNode',
            kind: 'navigate',
            to: '/list/case-node',
            roles: ['caseOperation', 'superAdmin'],
          },
        ],
      }),
    );
    const history = await server.call<PageHistory>('GET', '/api/pages/statistics-data/history', {
      token: admin,
    });
    expect(history.body.data.source).toBe('stored');
    expect(history.body.data.current).toMatchObject({ actions: [{ key: 'go', access: 'cases.manage' }] });
    expect(history.body.data.current).not.toHaveProperty('roles');
  });

  it.each([
    [
      'a key the schema does not know',
      'follow-up',
      JSON.stringify({ ...PAGE_CATALOG.get('follow-up'), onLoad: 'x' }),
    ],
    ['pages nested 10,000 deep', 'order-manage', deepTabsJson(10_000, true)],
  ])('serves the catalogue (and logs why) instead of a stored version with %s', async (_what, id, json) => {
    await storeRaw(id, json);
    const logged = vi.spyOn(server.app.log, 'error');
    try {
      const res = await server.call('GET', `/api/pages/${id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject(JSON.parse(JSON.stringify(PAGE_CATALOG.get(id))));
      expect(res.body.data).not.toHaveProperty('onLoad');
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ pageId: id }),
        'stored page descriptor is invalid; serving the catalogue instead',
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('answers 404 for a page id nobody knows', async () => {
    const res = await server.call('GET', '/api/pages/no-such-page', { token: admin });
    expect(res.status).toBe(404);
  });
});

describe("the product's own catalogue", () => {
  it.each([...PAGE_CATALOG.keys()])('%s passes the same checks as a saved descriptor', (id) => {
    const check = checkPage(PAGE_CATALOG.get(id), apiRoutes);
    expect(check.ok ? [] : check.errors).toEqual([]);
  });
});
