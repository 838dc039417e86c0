import type { Kysely } from 'kysely';

/**
 * A saved menu records the product's route keys it knew when it was saved (`menus.known_routes`,
 * a JSON array of keys), so that a page the product adds later reaches the role at its default
 * place while a page the administrator removed stays removed (server/menus/new-routes.ts).
 *
 * Menus saved before this migration knew the routes of the product at the time. Which time is
 * not recorded; the fair guess: the routes each tree holds, plus every route of the product
 * before migrations 0024-0029, which brought 分期审核 (/list/plan-review), 合规监控
 * (/result/compliance), 个人信息访问记录 (/user/pii-access) and 敏感词 (/user/sensitive-words)
 * and no other route. Those four then appear in the saved menus of the roles that may open them.
 * The list is written out, not read from contract/routes.ts: a migration stays as it ran.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema type
type Db = Kysely<any>;

/** contract/routes.ts DEFAULT_ROUTES before migration 0024: every group's and leaf's key. */
const ROUTES_BEFORE_0024 = [
  '/dashboard',
  '/dashboard/workplace',
  '/dashboard/lawfirm-workplace',
  '/dashboard/lawyer-workplace',
  '/dashboard/task-center',
  '/dashboard/monitor',
  '/form',
  '/form/accountfirm',
  '/form/casefirm',
  '/form/editfirm',
  '/form/firm-case/:id',
  '/list',
  '/list/search-table',
  '/list/case-node',
  '/list/send-back',
  '/list/case-detail/:id',
  '/list/case-edit/:id',
  '/list/case-details/:id',
  '/list/bussinessAudit/:id',
  '/list/push-manage',
  '/list/renewal-follow',
  '/list/case-new',
  '/list/case-import',
  '/case',
  '/case/processing/:id',
  '/profile',
  '/profile/search-table-lawyer',
  '/profile/case',
  '/profile/editlawyer',
  '/profile/letters',
  '/result',
  '/result/search-table-business',
  '/result/order-manage',
  '/result/letter-audit',
  '/result/case-record/:id',
  '/result/letter-review/:id',
  '/lawoffice',
  '/lawoffice/account-verification',
  '/lawoffice/follow-up',
  '/lawoffice/certification-review',
  '/statistics',
  '/statistics/case-node',
  '/statistics/statistics-data',
  '/user',
  '/user/setting',
  '/user/info',
  '/user/account',
  '/user/access',
  '/user/reset-modify',
  '/user/menu-editor',
  '/user/page-editor',
  '/xiaolvban',
  '/xiaolvban/account-center',
  '/xiaolvban/userAccount/:id',
  '/xiaolvban/userWallet/:id',
  '/test',
  '/test/pdf',
];

/** The keys a stored tree holds, at any depth; none when it does not parse. */
function keysOf(tree: string): string[] {
  const keys: string[] = [];
  const walk = (nodes: unknown, depth: number) => {
    // A stored tree within the menu limits is a few levels deep; anything deeper is not a menu.
    if (!Array.isArray(nodes) || depth > 64) return;
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null) continue;
      const { key, children } = node as { key?: unknown; children?: unknown };
      if (typeof key === 'string') keys.push(key);
      walk(children, depth + 1);
    }
  };
  try {
    walk(JSON.parse(tree), 0);
  } catch {
    // Not JSON: the server serves the default for it anyway.
  }
  return keys;
}

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('menus').addColumn('known_routes', 'text').execute();
  const rows = (await db.selectFrom('menus').select(['role', 'tree']).execute()) as Array<{
    role: string;
    tree: string;
  }>;
  for (const row of rows) {
    const known = [...new Set([...keysOf(row.tree), ...ROUTES_BEFORE_0024])];
    await db
      .updateTable('menus')
      .set({ known_routes: JSON.stringify(known) })
      .where('role', '=', row.role)
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('menus').dropColumn('known_routes').execute();
}
