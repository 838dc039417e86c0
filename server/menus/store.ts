import type { Kysely } from 'kysely';
import { type MenuNode, menuTreeSchema } from '../../contract/menu';
import { type RoleMenu, withPageAccess } from '../../contract/menu-api';
import { ROLES, type Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import { checkTreeLimits, MENU_LIMITS } from '../../contract/tree-limits';
import type { Database } from '../db/schema';
import { pageAccessMap } from '../pages/store';
import { routeKeysOf, withNewRoutes } from './new-routes';
import { type MenuVersionKind, menuVersions, newestMenuVersion, recordMenuVersion } from './versions';

export function defaultMenuFor(role: Role): MenuNode[] {
  return filterMenuForRole(DEFAULT_ROUTES, role);
}

/** A role's stored tree, if it has one that still parses. */
async function storedTree(db: Kysely<Database>, role: Role) {
  const row = await db
    .selectFrom('menus')
    .leftJoin('users', 'users.id', 'menus.updated_by')
    .select(['menus.tree', 'menus.known_routes', 'menus.updated_at', 'users.name'])
    .where('menus.role', '=', role)
    .executeTakeFirst();
  if (!row) return null;
  // A stored tree is validated when saved; one that no longer parses (a key the strict schema
  // no longer knows, a tree beyond today's limits) falls back, never crashes. The limits come
  // first: the legacy upgrade recurses.
  let json: unknown;
  try {
    json = JSON.parse(row.tree);
  } catch {
    return null;
  }
  if (checkTreeLimits(json, MENU_LIMITS)) return null;
  const parsed = menuTreeSchema.safeParse(withoutLegacyRoles(json));
  if (!parsed.success) return null;
  const saved = withPageAccess(parsed.data, await pageAccessMap(db, pageIdsOf(parsed.data)));
  const known = knownRoutesOf(row.known_routes);
  // The product's routes added since the save, at their default place (server/menus/new-routes.ts).
  const tree = known ? withNewRoutes(saved, defaultMenuFor(role), known) : saved;
  return { tree, updatedAt: row.updated_at, updatedBy: row.name };
}

/** The route keys a saved menu knew; null (a row written behind the store, or unreadable): serve it as it is. */
function knownRoutesOf(stored: string | null): Set<string> | null {
  if (stored === null) return null;
  try {
    const keys: unknown = JSON.parse(stored);
    return Array.isArray(keys) ? new Set(keys.filter((k): k is string => typeof k === 'string')) : null;
  } catch {
    return null;
  }
}

/** What a menu saved now knows: every route of the product the role may see (those it holds among them). */
const knownRoutesNow = (role: Role) => JSON.stringify(routeKeysOf(defaultMenuFor(role)));

/**
 * Menus saved before abilities carried a `roles` list on every node. A role's menu is that
 * role's alone, and a node's page now says what opens it, so the list is dropped on reading.
 */
function withoutLegacyRoles(json: unknown): unknown {
  if (!Array.isArray(json)) return json;
  return json.map((node) => {
    if (typeof node !== 'object' || node === null) return node;
    const { roles: _legacy, children, ...rest } = node as { roles?: unknown; children?: unknown };
    return children === undefined ? rest : { ...rest, children: withoutLegacyRoles(children) };
  });
}

function pageIdsOf(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((node) => [...(node.page ? [node.page] : []), ...pageIdsOf(node.children ?? [])]);
}

/**
 * A role's menu tree: the stored one (reshaped by an administrator, with the product's routes
 * added since) or the product's default. Either way it goes through the one permission filter
 * before anyone sees it.
 */
export async function menuForRole(db: Kysely<Database>, role: Role): Promise<MenuNode[]> {
  const stored = await storedTree(db, role);
  return filterMenuForRole(stored?.tree ?? DEFAULT_ROUTES, role);
}

/** The whole tree an administrator edits for a role, where it comes from and its version. */
export async function roleMenu(db: Kysely<Database>, role: Role): Promise<RoleMenu> {
  const [stored, newest] = await Promise.all([storedTree(db, role), newestMenuVersion(db, role)]);
  if (!stored)
    return {
      role,
      tree: defaultMenuFor(role),
      source: 'default',
      updatedAt: null,
      updatedBy: null,
      version: newest.version,
    };
  return {
    role,
    tree: stored.tree,
    source: 'stored',
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
    version: newest.version,
  };
}

/**
 * Publishes a role's tree (already checked: contract/menu-api.ts checkMenuTree) as its next
 * version, once the edit started from the newest (server/menus/versions.ts); inside the
 * write's transaction. A restore keeps the restored version's route keys (`known`) and its
 * exact JSON (`text`).
 */
export async function saveRoleMenu(
  db: Kysely<Database>,
  role: Role,
  tree: MenuNode[],
  by: number,
  at: Date,
  editedFrom: number,
  kind: MenuVersionKind = 'save',
  known = knownRoutesNow(role),
  text = JSON.stringify(tree),
): Promise<number> {
  const values = {
    tree: text,
    known_routes: known,
    updated_at: at.toISOString(),
    updated_by: by,
  };
  const version = await recordMenuVersion(db, role, editedFrom, {
    kind,
    tree: values.tree,
    knownRoutes: values.known_routes,
    by,
    at: values.updated_at,
  });
  await db
    .insertInto('menus')
    .values({ role, ...values })
    .onConflict((oc) => oc.column('role').doUpdateSet(values))
    .execute();
  return version;
}

/**
 * Drops a role's own tree: it follows the product's route table again, future routes included.
 * The reset is a version of its own (tree null), so versions never decrease.
 */
export async function resetRoleMenu(
  db: Kysely<Database>,
  role: Role,
  by: number,
  at: Date,
  editedFrom: number,
  kind: MenuVersionKind = 'reset',
): Promise<number> {
  const version = await recordMenuVersion(db, role, editedFrom, {
    kind,
    tree: null,
    knownRoutes: null,
    by,
    at: at.toISOString(),
  });
  await db.deleteFrom('menus').where('role', '=', role).execute();
  return version;
}

/** A version's tree as JSON (0 or a reset: the product's route table for the role); undefined: no such version. */
export async function menuVersionContent(db: Kysely<Database>, role: Role, version: number) {
  if (version === 0) return defaultMenuFor(role);
  const [row] = await menuVersions(db, role, version);
  if (!row) return undefined;
  return row.tree === null ? defaultMenuFor(role) : (JSON.parse(row.tree) as unknown);
}

/** Seeds every role's menu from the default route table, as each role's version 1. */
export async function seedMenus(db: Kysely<Database>, at: string): Promise<void> {
  const rows = ROLES.map((role) => ({
    role,
    tree: JSON.stringify(defaultMenuFor(role)),
    known_routes: knownRoutesNow(role),
    updated_at: at,
    updated_by: null,
  }));
  await db.insertInto('menus').values(rows).execute();
  await db
    .insertInto('menu_versions')
    .values(
      rows.map((r) => ({
        role: r.role,
        version: 1,
        tree: r.tree,
        known_routes: r.known_routes,
        kind: 'save',
        saved_by: null,
        saved_at: at,
      })),
    )
    .execute();
}
