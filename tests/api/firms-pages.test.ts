import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type PageDescriptor, pageDescriptorSchema, type TablePage } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { CATALOGUES } from '../../locales/all';
import { firmPages } from '../../server/pages/catalog/firms';
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

/** The app routes a page links to. */
function routeTemplates(page: PageDescriptor): string[] {
  const templates: string[] = [];
  for (const [object, under] of objectsOf(page)) {
    if (object.kind === 'navigate') templates.push(object.to as string);
    if (typeof object.link === 'string') templates.push(object.link);
    if (under === 'submit' && String(object.afterSuccess).startsWith('/'))
      templates.push(object.afterSuccess as string);
  }
  return templates;
}

/** i18n keys: titles, labels, placeholders, confirmations, messages (not the field paths of optionsFrom). */
function textKeys(page: PageDescriptor): string[] {
  const keys: string[] = [];
  for (const [object, under] of objectsOf(page)) {
    if (under === 'optionsFrom') continue;
    for (const prop of ['title', 'label', 'placeholder', 'confirm', 'successMessage', 'subtitle']) {
      if (typeof object[prop] === 'string') keys.push(object[prop] as string);
    }
  }
  return keys;
}

/** The table pages of a page: itself, or its tabs' and overlays' tables. */
function tablesOf(page: PageDescriptor): TablePage[] {
  return [...objectsOf(page)]
    .map(([object]) => object)
    .filter(
      (object): object is TablePage => object.type === 'table' && typeof object.schemaVersion === 'number',
    );
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
const pages = firmPages.map((page) => [page.id, page] as const);

describe('the law-firm, lawyer and letter page descriptors', () => {
  it('cover the pages of the route table they are for', () => {
    expect(firmPages.map((p) => p.id).sort()).toEqual(
      [
        'accountfirm',
        'casefirm',
        'editfirm',
        'send-back',
        'editlawyer',
        'order-manage',
        'letter-audit',
        'account-verification',
        'follow-up',
      ].sort(),
    );
    const pageIds = new Set(appRoutes.map((r) => r.page));
    for (const page of firmPages) expect(pageIds.has(page.id), page.id).toBe(true);
  });

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

  it.each(pages)("%s filters and sorts its tables only by what their source's query takes", (_, page) => {
    for (const tablePage of tablesOf(page)) {
      const route = declared('GET', tablePage.source.path);
      const query = route?.query;
      expect(query, tablePage.id).toBeInstanceOf(z.ZodObject);
      const shape = (query as z.ZodObject).shape as Record<string, z.ZodType>;
      for (const filter of tablePage.filters) {
        for (const name of paramNames(filter))
          expect(shape, `${tablePage.id}: ${name}`).toHaveProperty([name]);
      }
      const sorts = [
        ...tablePage.columns.filter((c) => c.sortable).map((c) => c.field),
        ...(tablePage.defaultSort ? [tablePage.defaultSort.field] : []),
      ];
      for (const sortField of sorts) {
        expect(shape.sortField.safeParse(sortField).success, `${tablePage.id}: sort by ${sortField}`).toBe(
          true,
        );
      }
    }
  });

  it('links a contact person nowhere they may not go: case links and views are for superAdmin only', () => {
    const caseFirm = firmPages.find((p) => p.id === 'casefirm') as TablePage;
    const toCaseDetail = [...caseFirm.columns, ...caseFirm.rowActions].filter((item) =>
      JSON.stringify(item).includes('/list/case-detail/'),
    );
    expect(toCaseDetail.length).toBeGreaterThan(0);
    for (const item of toCaseDetail) expect(item.roles).toEqual(['superAdmin']);
  });
});

describe('GET /api/pages/:id for the firm pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each page to a role whose menu has it, and refuses one whose menu does not', async () => {
    for (const [role, id] of [
      ['lawfirmContactPerson', 'accountfirm'],
      ['lawfirmContactPerson', 'casefirm'],
      ['lawfirmContactPerson', 'editfirm'],
      ['caseOperation', 'send-back'],
      ['lawyer', 'editlawyer'],
      ['bussinessOperation', 'order-manage'],
      ['bussinessOperation', 'letter-audit'],
      ['bussinessOperation', 'account-verification'],
      ['bussinessOperation', 'follow-up'],
      ['superAdmin', 'accountfirm'],
    ] as const) {
      const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${role} ${id}`).toBe(200);
      expect(res.body.data.id).toBe(id);
      expect(res.body.data.type).not.toBe('result');
    }
    const refused = await server.call('GET', '/api/pages/letter-audit', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(refused.status).toBe(403);
  });
});
