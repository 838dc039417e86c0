import type { Kysely } from 'kysely';
import { type MenuNode, menuTreeSchema } from '../../contract/menu';
import { ROLES, type Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import type { Database } from '../db/schema';

export function defaultMenuFor(role: Role): MenuNode[] {
  return filterMenuForRole(DEFAULT_ROUTES, role);
}

/**
 * A role's menu tree: the stored one (reshaped by an administrator) or the product's default.
 * Either way it goes through the one permission filter before anyone sees it.
 */
export async function menuForRole(db: Kysely<Database>, role: Role): Promise<MenuNode[]> {
  const row = await db.selectFrom('menus').select('tree').where('role', '=', role).executeTakeFirst();
  if (!row) return defaultMenuFor(role);
  const parsed = menuTreeSchema.safeParse(JSON.parse(row.tree));
  // A stored tree is validated when saved; one that no longer parses falls back, never crashes.
  return filterMenuForRole(parsed.success ? parsed.data : DEFAULT_ROUTES, role);
}

/** Seeds every role's menu from the default route table. */
export async function seedMenus(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('menus')
    .values(ROLES.map((role) => ({ role, tree: JSON.stringify(defaultMenuFor(role)), updated_at: at, updated_by: null })))
    .execute();
}
