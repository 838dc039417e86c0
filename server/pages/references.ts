import type { FieldError } from '../../contract/envelope';
import type { MenuNode } from '../../contract/menu';
import type { MessageKey } from '../../contract/messages';
import { matchRoutePath, routesBreadthFirst } from '../../contract/routes';

/** A declared API route as the allowlist sees it: method and Fastify-style url under /api. */
export interface DeclaredApi {
  method: string;
  url: string;
}

/** Something a descriptor points at: an API call (method + path template) or an app route template. */
export type Reference =
  | { path: string; kind: 'api'; method: string; template: string }
  | { path: string; kind: 'route'; template: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/**
 * Every API path and route template in a descriptor, wherever it sits (child pages of
 * drawers, modals and tabs included), with the dot path of the field that holds it:
 * - `source.path` and `optionsFrom.path`: GET;
 * - `submit.path`: `submit.method`; `submit.afterSuccess` when it is a route;
 * - actions: `api` (its method), `export` (GET), `navigate` (`to` is a route);
 * - `link` (link columns) and `more` (dashboard lists): routes.
 */
export function descriptorReferences(node: unknown, at: string[] = []): Reference[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => descriptorReferences(item, [...at, String(i)]));
  if (!isObj(node)) return [];
  const refs: Reference[] = [];
  const join = (...rest: string[]) => [...at, ...rest].join('.');
  const api = (method: string, template: unknown, ...rest: string[]) => {
    if (str(template)) refs.push({ path: join(...rest), kind: 'api', method, template });
  };
  const route = (template: unknown, ...rest: string[]) => {
    if (str(template) && template.startsWith('/'))
      refs.push({ path: join(...rest), kind: 'route', template });
  };

  if (isObj(node.source)) api('GET', node.source.path, 'source', 'path');
  if (isObj(node.optionsFrom)) api('GET', node.optionsFrom.path, 'optionsFrom', 'path');
  if (isObj(node.submit) && str(node.submit.method)) {
    api(node.submit.method, node.submit.path, 'submit', 'path');
    route(node.submit.afterSuccess, 'submit', 'afterSuccess');
  }
  if (node.kind === 'api' && str(node.method)) api(node.method, node.path, 'path');
  if (node.kind === 'export') api('GET', node.path, 'path');
  if (node.kind === 'navigate') route(node.to, 'to');
  route(node.link, 'link');
  route(node.more, 'more');

  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object' && value !== null) refs.push(...descriptorReferences(value, [...at, key]));
  }
  return refs;
}

/**
 * The references of a descriptor that point nowhere: API calls that match no declared route
 * (same method, same segments, `:params` matching `:params` or a concrete value) and route
 * templates that match no route of the route table.
 */
export function checkReferences(
  descriptor: unknown,
  declared: readonly DeclaredApi[],
  routeTable: readonly MenuNode[],
): FieldError[] {
  const routes = routesBreadthFirst(routeTable).map((r) => r.path);
  const errors: FieldError[] = [];
  const wrong = (path: string, message: MessageKey) => errors.push({ path, message });
  for (const ref of descriptorReferences(descriptor)) {
    if (ref.kind === 'api') {
      const known = declared.some((d) => d.method === ref.method && matchRoutePath(d.url, ref.template));
      if (!known) wrong(ref.path, 'page.unknownApi');
    } else if (!routes.some((pattern) => matchRoutePath(pattern, ref.template))) {
      wrong(ref.path, 'page.unknownRoute');
    }
  }
  return errors;
}
