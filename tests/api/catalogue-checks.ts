import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  descriptorReferences,
  type PageDescriptor,
  pageDescriptorSchema,
  type TablePage,
} from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { CATALOGUES } from '../../locales/all';
import { apiRoutes } from '../../server/routes';
import { paramNames } from '../../ui-registry/fields/values';
import type { TestServer } from './harness';

/**
 * The checks every page descriptor of the product's catalogue must pass, written once and
 * run per area (cases, firms, operations): it parses, it calls only declared API routes, it
 * links only to routes of the route table, its texts exist in both languages, and its tables
 * filter and sort only by what their source's query schema takes.
 */

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

/** The API calls a page makes: method and path template (the server's check reads the same). */
export function apiCalls(page: PageDescriptor): Array<[string, string]> {
  return descriptorReferences(page).flatMap((ref) =>
    ref.kind === 'api' ? [[ref.method, ref.template] as [string, string]] : [],
  );
}

/** The app routes a page links to. */
function routeTemplates(page: PageDescriptor): string[] {
  return descriptorReferences(page).flatMap((ref) => (ref.kind === 'route' ? [ref.template] : []));
}

/** i18n keys: titles, labels, placeholders, confirmations, messages (not field paths). */
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

/** The table pages of a page: itself, or those of its tabs and overlays. */
function tablesOf(page: PageDescriptor): TablePage[] {
  return [...objectsOf(page)]
    .map(([object]) => object)
    .filter((o): o is TablePage => o.type === 'table' && typeof o.schemaVersion === 'number');
}

/** Same shape: as many segments, static ones equal, parameters where the pattern has them. */
function sameShape(pattern: string, template: string): boolean {
  const a = pattern.split('/');
  const b = template.split('/');
  return a.length === b.length && a.every((s, i) => (s.startsWith(':') ? b[i].startsWith(':') : s === b[i]));
}

export const declared = (method: string, path: string) =>
  apiRoutes.find((r) => r.method === method && sameShape(r.url, path));

const appRoutes = routesBreadthFirst(DEFAULT_ROUTES);

export function checkCataloguePages(title: string, list: readonly PageDescriptor[]): void {
  const pages = list.map((page) => [page.id, page] as const);

  describe(title, () => {
    it('name pages of the route table', () => {
      const pageIds = new Set(appRoutes.map((r) => r.page));
      for (const page of list) expect(pageIds.has(page.id), page.id).toBe(true);
    });

    it.each(pages)('%s parses with the descriptor schema', (_, page) => {
      const parsed = pageDescriptorSchema.safeParse(page);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    });

    it.each(pages)('%s calls only declared API routes', (_, page) => {
      for (const [method, path] of apiCalls(page))
        expect(declared(method, path), `${method} ${path}`).toBeDefined();
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
      for (const table of tablesOf(page)) {
        const query = declared('GET', table.source.path)?.query;
        expect(query, table.id).toBeInstanceOf(z.ZodObject);
        const shape = (query as z.ZodObject).shape as Record<string, z.ZodType>;
        for (const filter of table.filters) {
          for (const name of paramNames(filter)) expect(shape, `${table.id}: ${name}`).toHaveProperty([name]);
        }
        const sorts = [
          ...table.columns.filter((c) => c.sortable).map((c) => c.field),
          ...(table.defaultSort ? [table.defaultSort.field] : []),
        ];
        for (const field of sorts) {
          expect(shape.sortField?.safeParse(field).success, `${table.id}: sort by ${field}`).toBe(true);
        }
      }
    });
  });
}

/** Each page served to a role whose menu has it: 200, the page itself, not a stand-in. */
export async function expectServedTo(
  server: TestServer,
  pairs: ReadonlyArray<readonly [Parameters<TestServer['tokenFor']>[0], string]>,
): Promise<void> {
  for (const [role, id] of pairs) {
    const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
      token: await server.tokenFor(role),
    });
    expect(res.status, `${role} ${id}`).toBe(200);
    expect(res.body.data.id).toBe(id);
    expect(res.body.data.type).not.toBe('result');
  }
}
