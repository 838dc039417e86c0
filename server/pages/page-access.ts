import { ACCESS_RULES, type AccessRule, isAccessRule, rolesHolding } from '../../contract/access';
import type { FieldError } from '../../contract/envelope';
import type { MenuNode } from '../../contract/menu';
import { ROLES } from '../../contract/roles';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';

/** The routes of the product's route table that open a page, by page id. */
export const ROUTE_PAGES: ReadonlyMap<string, MenuNode> = new Map(
  routesBreadthFirst(DEFAULT_ROUTES).flatMap((r) => (r.page ? [[r.page, r] as const] : [])),
);

/**
 * The rule that opens a page: the route table's leaf for its id, else the page's own
 * top-level `access` (a page saved under a new id, outside the route table), else none.
 */
export function pageRuleOf(id: string, descriptor?: unknown): AccessRule | null {
  const route = ROUTE_PAGES.get(id);
  if (route?.access) return route.access;
  const own = (descriptor as { access?: unknown } | null | undefined)?.access;
  return isAccessRule(own) ? own : null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rule held by exactly these roles, preferring a whole ability to a scoped one. */
function ruleForRoles(roles: readonly string[]): AccessRule | null {
  const want = [...new Set(roles)].sort().join(',');
  const matches = ACCESS_RULES.filter((rule) => [...rolesHolding(rule)].sort().join(',') === want);
  return matches.find((rule) => !rule.includes(':')) ?? matches[0] ?? null;
}

/**
 * Descriptors saved before abilities named role lists: `roles` on a page, tab, field, column,
 * section, block or action, and `unmaskRoles` on phone columns. Read them on: a `roles` list
 * becomes the rule held by exactly those roles (`*`: no rule), `unmaskRoles` goes (the server
 * masks phone numbers now). A list no rule matches is reported at its path, so the stored
 * version is refused (and the catalogue serves the page) rather than shown to more roles.
 */
export function upgradeLegacyRoles(raw: unknown): { value: unknown; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const walk = (node: unknown, at: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...at, String(i)]));
    if (!isObj(node)) return node;
    const out: Obj = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'unmaskRoles') continue;
      // A part naming both keeps its rule: the role list goes either way, so the strict schema
      // that reads the result next never meets it.
      if (key === 'roles' && 'access' in node) continue;
      if (key === 'roles' && Array.isArray(value)) {
        const roles = value.filter((r): r is string => typeof r === 'string');
        if (roles.includes('*') || ROLES.every((r) => roles.includes(r))) continue;
        const rule = ruleForRoles(roles);
        if (rule) out.access = rule;
        else errors.push({ path: [...at, 'roles'].join('.'), message: 'access.unknownRule' });
        continue;
      }
      out[key] = walk(value, [...at, key]);
    }
    return out;
  };
  return { value: walk(raw, []), errors };
}
