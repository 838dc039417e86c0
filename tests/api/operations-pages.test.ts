import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CASE_SORT_FIELDS } from '../../contract/case-api';
import { DEVICE_SORT_FIELDS, WALLET_SORT_FIELDS } from '../../contract/operations-api';
import { type PageDescriptor, pageDescriptorSchema, type TablePage } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { CATALOGUES } from '../../locales/all';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { operationsPages } from '../../server/pages/catalog/operations';
import { apiRoutes } from '../../server/routes';
import { paramNames } from '../../ui-registry/fields/values';
import { startServer, type TestServer } from './harness';

/** Every object in a descriptor, with the key it hangs under. */
function* objectsOf(value: unknown, under = ''): Generator<[Record<string, unknown>, string]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* objectsOf(item, under);
  } else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    yield [object, under];
    for (const [key, child] of Object.entries(object)) yield* objectsOf(child, key);
  }
}

/** The API calls a page makes: method and path template. */
function apiCalls(page: PageDescriptor): Array<[string, string]> {
  const calls: Array<[string, string]> = [];
  for (const [object, under] of objectsOf(page)) {
    if (under === 'source' || under === 'optionsFrom') calls.push(['GET', object.path as string]);
    if (under === 'submit') calls.push([object.method as string, object.path as string]);
    if (object.kind === 'api') calls.push([object.method as string, object.path as string]);
    if (object.kind === 'export') calls.push(['GET', object.path as string]);
    if (object.kind === 'transition') calls.push(['POST', '/cases/:id/transitions']);
  }
  return calls;
}

/** The app routes a page links to: links, navigations, a list's "more". */
function routeTemplates(page: PageDescriptor): string[] {
  const templates: string[] = [];
  for (const [object] of objectsOf(page)) {
    if (object.kind === 'navigate') templates.push(object.to as string);
    if (typeof object.link === 'string') templates.push(object.link);
    if (typeof object.more === 'string') templates.push(object.more);
  }
  return templates;
}

/** i18n keys: titles, labels, placeholders, confirmations, messages (not field paths). */
function textKeys(page: PageDescriptor): string[] {
  const keys: string[] = [];
  for (const [object, under] of objectsOf(page)) {
    if (under === 'optionsFrom') continue;
    // A ranking's label is a field path, as is a timeline's.
    const fieldLabel = object.kind === 'timeline' || object.kind === 'ranking';
    const props = ['title', 'label', 'placeholder', 'confirm', 'successMessage', 'subtitle'];
    for (const prop of fieldLabel ? props.filter((p) => p !== 'label') : props) {
      if (typeof object[prop] === 'string') keys.push(object[prop] as string);
    }
  }
  return keys;
}

/** Same shape: as many segments, static ones equal, parameters where the pattern has them. */
function sameShape(pattern: string, template: string): boolean {
  const a = pattern.split('/');
  const b = template.split('/');
  return a.length === b.length && a.every((s, i) => (s.startsWith(':') ? b[i].startsWith(':') : s === b[i]));
}

const declared = (method: string, path: string) =>
  apiRoutes.find((r) => r.method === method && sameShape(r.url, path));
const appRoutes = routesBreadthFirst(DEFAULT_ROUTES);
const pdfViewer = PAGE_CATALOG.get('pdf-viewer');
const pages = operationsPages.map((page) => [page.id, page] as const);

/** The table pages of a page, tabs opened. */
function tablesOf(page: PageDescriptor): TablePage[] {
  if (page.type === 'table') return [page];
  if (page.type === 'tabs') return page.tabs.flatMap((tab) => tablesOf(tab.page));
  return [];
}

/** Each table's sortable fields, as the source route's sort enum names them. */
const SORTS: Record<string, readonly string[]> = {
  '/business/cases': CASE_SORT_FIELDS,
  '/devices': DEVICE_SORT_FIELDS,
  '/accounts/:id/wallet/transactions': WALLET_SORT_FIELDS,
};

describe('the operations page descriptors', () => {
  it.each(pages)('%s parses with the descriptor schema', (_, page) => {
    const parsed = pageDescriptorSchema.safeParse(page);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  });

  it.each(pages)('%s calls only declared API routes', (_, page) => {
    const calls = apiCalls(page);
    expect(calls.length).toBeGreaterThan(0);
    for (const [method, path] of calls) expect(declared(method, path), `${method} ${path}`).toBeDefined();
  });

  it.each(pages)('%s links only to routes of the route table', (_, page) => {
    for (const template of routeTemplates(page)) {
      expect(
        appRoutes.some((r) => sameShape(r.path, template)),
        template,
      ).toBe(true);
    }
  });

  it.each(pages)('%s has every text in both languages', (_, page) => {
    for (const key of textKeys(page)) {
      expect(CATALOGUES['zh-CN'], key).toHaveProperty([key]);
      expect(CATALOGUES['en-US'], key).toHaveProperty([key]);
    }
  });

  it('names a page of the route table with each descriptor, the PDF viewer a builtin', () => {
    const pageIds = new Set(appRoutes.map((r) => r.page));
    for (const page of operationsPages) expect(pageIds.has(page.id), page.id).toBe(true);
    expect(pdfViewer).toMatchObject({ type: 'builtin', component: 'PdfViewer', title: 'menu.pdfViewer' });
    for (const id of [
      'task-center',
      'search-table-business',
      'statistics-data',
      'account-center',
      'user-account-detail',
      'user-wallet',
      'pdf-viewer',
    ]) {
      expect(PAGE_CATALOG.has(id), id).toBe(true);
    }
  });

  it("filters and sorts tables only by what their source's query takes", () => {
    const tables = operationsPages.flatMap(tablesOf);
    expect(tables.map((t) => t.source.path).sort()).toEqual(Object.keys(SORTS).sort());
    for (const page of tables) {
      const route = declared('GET', page.source.path);
      const shape = route?.query instanceof z.ZodObject ? (route.query.shape as Record<string, unknown>) : {};
      for (const filter of page.filters) {
        for (const name of paramNames(filter)) expect(shape, `${page.id}: ${name}`).toHaveProperty([name]);
      }
      const sortable = page.columns.filter((c) => c.sortable).map((c) => c.field);
      expect(SORTS[page.source.path], page.id).toEqual(
        expect.arrayContaining([...sortable, page.defaultSort?.field].filter(Boolean)),
      );
    }
  });
});

describe('GET /api/pages/:id for the operations pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each page to the roles whose menu has it, and not to others', async () => {
    for (const [role, id, type] of [
      ['bussinessOperation', 'task-center', 'dashboard'],
      ['bussinessOperation', 'search-table-business', 'table'],
      ['bussinessOperation', 'statistics-data', 'dashboard'],
      ['bussinessOperation', 'account-center', 'table'],
      ['lawfirmContactPerson', 'account-center', 'table'],
      ['lawfirmContactPerson', 'user-account-detail', 'detail'],
      ['lawfirmContactPerson', 'user-wallet', 'tabs'],
      ['superAdmin', 'pdf-viewer', 'builtin'],
    ] as const) {
      const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${role} ${id}`).toBe(200);
      expect(res.body.data).toMatchObject({ id, type });
    }
    for (const [role, id] of [
      ['lawyer', 'account-center'],
      ['caseOperation', 'task-center'],
      ['bussinessOperation', 'pdf-viewer'],
    ] as const) {
      const res = await server.call('GET', `/api/pages/${id}`, { token: await server.tokenFor(role) });
      expect(res.status, `${role} ${id}`).toBe(403);
    }
  });
});
