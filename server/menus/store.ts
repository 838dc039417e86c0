import type { Kysely } from 'kysely';
import { type MenuNode, menuTreeSchema } from '../../contract/menu';
import type { RoleMenu } from '../../contract/menu-api';
import { ROLES, type Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import type { Database } from '../db/schema';

export function defaultMenuFor(role: Role): MenuNode[] {
  return filterMenuForRole(DEFAULT_ROUTES, role);
}

/** A role's stored tree, if it has one that still parses. */
async function storedTree(db: Kysely<Database>, role: Role) {
  const row = await db
    .selectFrom('menus')
    .leftJoin('users', 'users.id', 'menus.updated_by')
    .select(['menus.tree', 'menus.updated_at', 'users.name'])
    .where('menus.role', '=', role)
    .executeTakeFirst();
  if (!row) return null;
  // A stored tree is validated when saved; one that no longer parses falls back, never crashes.
  let json: unknown;
  try {
    json = JSON.parse(row.tree);
  } catch {
    return null;
  }
  const parsed = menuTreeSchema.safeParse(json);
  return parsed.success ? { tree: parsed.data, updatedAt: row.updated_at, updatedBy: row.name } : null;
}

/**
 * A role's menu tree: the stored one (reshaped by an administrator) or the product's default.
 * Either way it goes through the one permission filter before anyone sees it.
 */
export async function menuForRole(db: Kysely<Database>, role: Role): Promise<MenuNode[]> {
  const stored = await storedTree(db, role);
  return filterMenuForRole(stored?.tree ?? DEFAULT_ROUTES, role);
}

/** The whole tree an administrator edits for a role, and where it comes from. */
export async function roleMenu(db: Kysely<Database>, role: Role): Promise<RoleMenu> {
  const stored = await storedTree(db, role);
  if (!stored)
    return { role, tree: defaultMenuFor(role), source: 'default', updatedAt: null, updatedBy: null };
  return {
    role,
    tree: stored.tree,
    source: 'stored',
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
  };
}

/** Replaces a role's tree (already checked: contract/menu-api.ts checkMenuTree). */
export async function saveRoleMenu(
  db: Kysely<Database>,
  role: Role,
  tree: MenuNode[],
  by: number,
  at: Date,
): Promise<void> {
  const values = { tree: JSON.stringify(tree), updated_at: at.toISOString(), updated_by: by };
  await db
    .insertInto('menus')
    .values({ role, ...values })
    .onConflict((oc) => oc.column('role').doUpdateSet(values))
    .execute();
}

/** Drops a role's own tree: it follows the product's route table again, future routes included. */
export async function resetRoleMenu(db: Kysely<Database>, role: Role): Promise<void> {
  await db.deleteFrom('menus').where('role', '=', role).execute();
}

/** Seeds every role's menu from the default route table. */
export async function seedMenus(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('menus')
    .values(
      ROLES.map((role) => ({
        role,
        tree: JSON.stringify(defaultMenuFor(role)),
        updated_at: at,
        updated_by: null,
      })),
    )
    .execute();
}
