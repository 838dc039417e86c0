import type { Kysely } from 'kysely';
import { type AccessRule, can } from '../../contract/access';
import type { MenuNode } from '../../contract/menu';
import type { PageClosedBy } from '../../contract/page-api';
import type { Role } from '../../contract/roles';
import { routesBreadthFirst } from '../../contract/routes';
import type { Database } from '../db/schema';
import { pageRuleOf } from './page-access';

/** A role's menu tree, as the role sees it (server/menus/store.ts `menuForRole`). */
export type MenuOf = (db: Kysely<Database>, role: Role) => Promise<MenuNode[]>;

export interface PageOpening {
  rule: AccessRule | null;
  /** Null: the role opens it; else what closes it (the ability, or the role's own menu). */
  closedBy: PageClosedBy | null;
  /** The role's menu entry for the page, when it opens. */
  route: MenuNode | null;
}

/**
 * Whether `role` may open page `id` whose descriptor is `descriptor`: the page's rule and the
 * role's own menu both decide (the menu may only narrow). `GET /api/pages/:id` and the editors'
 * preview (`POST /api/pages/:id/preview`) ask this one function.
 */
export async function pageOpeningFor(
  db: Kysely<Database>,
  menuOf: MenuOf,
  id: string,
  role: Role,
  descriptor: unknown,
): Promise<PageOpening> {
  const rule = pageRuleOf(id, descriptor);
  if (!rule || !can(rule, role)) return { rule, closedBy: 'ability', route: null };
  const route = routesBreadthFirst(await menuOf(db, role)).find((r) => r.page === id) ?? null;
  return { rule, closedBy: route ? null : 'menu', route };
}
