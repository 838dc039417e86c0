import { z } from '../zod-mini';

/**
 * Which parts of a schema point elsewhere (an API call, an app route) is said once, on the
 * schema, as an entry of REFERENCE_MARKS; `schemaReferences` walks a schema alongside a value
 * and reads them. So the server's check of a descriptor, the catalogue tests and anything else
 * that asks "what does this page call, where does it link" use one walker, and a field marked
 * tomorrow is found by all of them without touching it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call that a field (or an object) of a schema stands for. */
export interface ApiCallMark {
  /** The method, or the sibling field that holds it (a form's `submit.method`). */
  method: HttpMethod | { field: string };
  /** Made only when this sibling field is true (an upload's DELETE, with `removable`). */
  when?: string;
  /** Added to the field's template: DELETE `<path>/:id`. */
  suffix?: string;
  /** The path itself, when the object implies a call without holding its path (a case transition). */
  path?: string;
}

/**
 * A marked string field holds an API path template (`api`: the calls made with it) or an app
 * route template (`route`). A marked object makes the calls of `api` with their `path`; its
 * own fields are the siblings that `method.field` and `when` name.
 */
export type ReferenceMark = { api: readonly ApiCallMark[] } | { route: true };

export const REFERENCE_MARKS = z.registry<ReferenceMark>();

/** Marks a schema (give each field its own instance: `.clone()` a shared one first). */
export function markReference<T extends z.core.$ZodType>(schema: T, mark: ReferenceMark): T {
  REFERENCE_MARKS.add(schema as z.core.$ZodType, mark);
  return schema;
}

/** Something a value points at, with the dot path of the field that holds it. */
export type Reference =
  | { path: string; kind: 'api'; method: string; template: string }
  | { path: string; kind: 'route'; template: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function referencesOf(mark: ReferenceMark, value: unknown, path: string, holder: Obj | null): Reference[] {
  if ('route' in mark) return typeof value === 'string' ? [{ path, kind: 'route', template: value }] : [];
  const siblings = isObj(value) ? value : (holder ?? {});
  return mark.api.flatMap((call): Reference[] => {
    if (call.when && siblings[call.when] !== true) return [];
    const method = typeof call.method === 'string' ? call.method : siblings[call.method.field];
    const template = call.path ?? (typeof value === 'string' ? value + (call.suffix ?? '') : undefined);
    return typeof method === 'string' && template !== undefined
      ? [{ path, kind: 'api', method, template }]
      : [];
  });
}

/** The option of a union that a value took: by its discriminator, else the first that accepts it. */
function optionFor(def: z.core.$ZodUnionDef, value: unknown): z.core.$ZodType | undefined {
  const discriminator = (def as { discriminator?: string }).discriminator;
  if (discriminator) {
    if (!isObj(value)) return undefined;
    return def.options.find((o) => o._zod.propValues?.[discriminator]?.has(value[discriminator] as never));
  }
  return def.options.find((o) => z.safeParse(o, value).success);
}

/**
 * Every marked field of `schema` that `value` fills, in document order. Walks the schema and
 * the value together (objects, arrays, unions, lazy and wrapped schemas); use it on a value
 * the schema accepts (or at least one within its tree limits: it recurses per level).
 */
export function schemaReferences(schema: z.core.$ZodType, value: unknown): Reference[] {
  const refs: Reference[] = [];
  const visit = (s: z.core.$ZodType, v: unknown, at: string[], holder: Obj | null) => {
    const mark = REFERENCE_MARKS.get(s);
    if (mark) refs.push(...referencesOf(mark, v, at.join('.'), holder));
    const def = (s as z.core.$ZodTypes)._zod.def;
    switch (def.type) {
      case 'lazy':
        return visit((s as z.core.$ZodLazy)._zod.innerType, v, at, holder);
      case 'pipe':
        return visit(def.out, v, at, holder);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return visit(def.innerType, v, at, holder);
      case 'object':
        if (isObj(v)) {
          for (const [key, field] of Object.entries(def.shape)) {
            if (Object.hasOwn(v, key)) visit(field, v[key], [...at, key], v);
          }
        }
        return;
      case 'array':
        if (Array.isArray(v))
          for (const [i, item] of v.entries()) visit(def.element, item, [...at, String(i)], null);
        return;
      case 'union': {
        const option = optionFor(def, v);
        if (option) visit(option, v, at, holder);
        return;
      }
      default:
        return;
    }
  };
  visit(schema, value, [], null);
  return refs;
}
