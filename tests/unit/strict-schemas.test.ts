import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from '../../contract/envelope';
import { menuTreeSchema } from '../../contract/menu';
import { saveMenuBodySchema } from '../../contract/menu-api';
import { translate } from '../../contract/messages';
import { pageDescriptorSchema } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES } from '../../contract/routes';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { checkDescriptor } from '../../ui-registry/validation';

/**
 * The paths (in the schema) of every object schema reachable from `schema` that lets unknown
 * keys through. Reads zod's definitions; a recursive schema is visited once.
 */
function looseObjects(schema: z.core.$ZodType, at = '', seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'lazy':
      return looseObjects((schema as z.core.$ZodLazy)._zod.innerType, at, seen);
    case 'pipe':
      return [...looseObjects(def.in, at, seen), ...looseObjects(def.out, at, seen)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return looseObjects(def.innerType, at, seen);
    case 'array':
      return looseObjects(def.element, `${at}[]`, seen);
    case 'union':
      return def.options.flatMap((option) => looseObjects(option, at, seen));
    case 'object': {
      const own = def.catchall?._zod.def.type === 'never' ? [] : [at || '(root)'];
      const fields = Object.entries(def.shape).flatMap(([key, field]) =>
        looseObjects(field, at ? `${at}.${key}` : key, seen),
      );
      return [...own, ...fields];
    }
    default:
      return [];
  }
}

describe('menus and descriptors are strict throughout', () => {
  it('(the check finds a loose object, through lazy, arrays, unions and wrappers)', () => {
    const node: z.ZodType = z.lazy(() =>
      z.strictObject({ children: z.array(node).optional(), kind: z.union([z.string(), z.object({})]) }),
    );
    expect(looseObjects(z.strictObject({ tree: node }))).toEqual(['tree.kind']);
  });

  it.each([
    ['a menu tree', menuTreeSchema],
    ['the menu save body', saveMenuBodySchema],
    ['a page descriptor', pageDescriptorSchema],
  ] as const)('%s has no object that lets unknown keys through', (_, schema) => {
    expect(looseObjects(schema)).toEqual([]);
  });

  it('refuses an unknown key of a menu node at its own path', () => {
    const tree = structuredClone(DEFAULT_ROUTES);
    Object.assign(tree[0].children?.[1] ?? {}, { onClick: 'alert(1)' });
    const result = saveMenuBodySchema.safeParse({ tree, extra: 1 });
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual([
      { path: 'tree.0.children.1.onClick', message: 'schema.unknownKey' },
      { path: 'extra', message: 'schema.unknownKey' },
    ]);
  });

  it('refuses unknown keys of a descriptor at their own paths, however deep', () => {
    const page = {
      schemaVersion: 1,
      id: 'x-page',
      type: 'tabs',
      title: 'menu.taskCenter',
      tabs: [
        {
          key: 'a',
          title: 'menu.taskCenter',
          page: {
            schemaVersion: 1,
            id: 'x-table',
            type: 'table',
            title: 'menu.taskCenter',
            source: { path: '/cases' },
            columns: [{ field: 'caseNo', title: 'case.caseNo', dangerouslySetInnerHTML: { __html: '<b>' } }],
            rowActions: [{ key: 'go', label: 'menu.taskCenter', kind: 'navigate', to: '/x', onClick: 'x' }],
          },
        },
      ],
    };
    const result = pageDescriptorSchema.safeParse(page);
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual([
      { path: 'tabs.0.page.columns.0.dangerouslySetInnerHTML', message: 'schema.unknownKey' },
      { path: 'tabs.0.page.rowActions.0.onClick', message: 'schema.unknownKey' },
    ]);
    // The browser reads the same schema and names the same key.
    expect(checkDescriptor(page)).toMatchObject({
      ok: false,
      path: 'tabs.0.page.columns.0.dangerouslySetInnerHTML',
      message: 'schema.unknownKey',
    });
  });

  it('says so in both languages', () => {
    expect(translate('zh-CN', 'schema.unknownKey')).toMatch(/字段/);
    expect(translate('en-US', 'schema.unknownKey')).toMatch(/Unknown field/);
  });

  it('still takes the route table and every page of the catalogue', () => {
    expect(menuTreeSchema.safeParse(DEFAULT_ROUTES).success).toBe(true);
    for (const [id, page] of PAGE_CATALOG) {
      const result = pageDescriptorSchema.safeParse(page);
      expect(result.success ? [] : fieldErrorsOf(result.error.issues), id).toEqual([]);
    }
  });
});
