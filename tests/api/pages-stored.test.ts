import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageHistory, PageList, SavedPage } from '../../contract/page-api';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { ROUTE_PAGES } from '../../server/pages/store';
import { startServer, type TestServer } from './harness';
import { deepTabsJson, errorPaths, put, revert, usePageServer } from './page-fixtures';

/** A page's saved versions, reverting to one, and what is served from the stored ones. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await usePageServer(server);
});
afterAll(() => server.close());

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
    const reverted = await revert<SavedPage>('task-center', 1);
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
    const res = await revert('task-center', 99);
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
    const res = await revert('case-node', 1);
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
