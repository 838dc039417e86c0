import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CASE_SORT_FIELDS } from '../../contract/case-api';
import { type PageDescriptor, pageDescriptorSchema } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { CATALOGUES } from '../../locales/all';
import { casePages } from '../../server/pages/catalog/cases';
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
    // Field paths, not texts: an options source's value and label, a timeline's label.
    if (under === 'optionsFrom') continue;
    const props = ['title', 'label', 'placeholder', 'confirm', 'successMessage', 'subtitle'];
    for (const prop of object.kind === 'timeline' ? props.filter((p) => p !== 'label') : props) {
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

describe('the case page descriptors', () => {
  it.each(casePages.map((page) => [page.id, page] as const))(
    '%s parses with the descriptor schema',
    (_, page) => {
      const parsed = pageDescriptorSchema.safeParse(page);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    },
  );

  it.each(casePages.map((page) => [page.id, page] as const))(
    '%s calls only declared API routes',
    (_, page) => {
      const calls = apiCalls(page);
      expect(calls.length).toBeGreaterThan(0);
      for (const [method, path] of calls) expect(declared(method, path), `${method} ${path}`).toBeDefined();
    },
  );

  it.each(casePages.map((page) => [page.id, page] as const))(
    '%s links only to routes of the route table',
    (_, page) => {
      for (const template of routeTemplates(page)) {
        expect(
          appRoutes.some((r) => sameShape(r.path, template)),
          template,
        ).toBe(true);
      }
    },
  );

  it.each(casePages.map((page) => [page.id, page] as const))(
    '%s has every text in both languages',
    (_, page) => {
      for (const key of textKeys(page)) {
        expect(CATALOGUES['zh-CN'], key).toHaveProperty([key]);
        expect(CATALOGUES['en-US'], key).toHaveProperty([key]);
      }
    },
  );

  it('names a page of the route table with each descriptor', () => {
    const pageIds = new Set(appRoutes.map((r) => r.page));
    for (const page of casePages) expect(pageIds.has(page.id), page.id).toBe(true);
  });

  it("filters and sorts tables only by what their source's query takes", () => {
    for (const page of casePages) {
      if (page.type !== 'table') continue;
      const route = declared('GET', page.source.path);
      const shape = route?.query instanceof z.ZodObject ? (route.query.shape as Record<string, unknown>) : {};
      for (const filter of page.filters) {
        for (const name of paramNames(filter)) expect(shape, `${page.id}: ${name}`).toHaveProperty([name]);
      }
      const sortable = page.columns.filter((c) => c.sortable).map((c) => c.field);
      if (sortable.length || page.defaultSort) {
        expect(CASE_SORT_FIELDS, page.id).toEqual(
          expect.arrayContaining([...sortable, page.defaultSort?.field]),
        );
      }
    }
  });
});

describe('GET /api/pages/:id for the case pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each case page to a role whose menu has it', async () => {
    for (const [role, id] of [
      ['caseOperation', 'search-table'],
      ['lawyer', 'search-table-lawyer'],
      ['lawyer', 'processing'],
      ['bussinessOperation', 'statistics-case-node'],
    ] as const) {
      const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${role} ${id}`).toBe(200);
      expect(res.body.data.id).toBe(id);
      expect(res.body.data.type).not.toBe('result');
    }
  });
});
