import type { Kysely } from 'kysely';
import type { Role } from '../../contract/roles';
import type { VersionConflict } from '../../contract/versions';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { refuseUnlessNewest } from '../versions/if-match';

/**
 * Every publish of a role's menu is a row of `menu_versions` (migration 0036): a save, a reset
 * to the product's route table (tree null) or a restore of an older version. `menus` keeps
 * what is served now; versions only grow.
 */
export type MenuVersionKind = 'save' | 'reset' | 'revert';

export interface MenuVersionRow {
  version: number;
  kind: MenuVersionKind;
  /** JSON text of the tree; null: the product's route table. */
  tree: string | null;
  knownRoutes: string | null;
  savedAt: string;
  savedBy: { id: number; name: string } | null;
}

/** A role's newest menu version, who published it and when (version 0: never saved). */
export async function newestMenuVersion(db: Kysely<Database>, role: Role): Promise<VersionConflict> {
  const row = await db
    .selectFrom('menu_versions as v')
    .leftJoin('users as u', 'u.id', 'v.saved_by')
    .select(['v.version', 'v.saved_at', 'v.saved_by', 'u.name'])
    .where('v.role', '=', role)
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: 0, savedBy: null, savedAt: null };
  return {
    version: row.version,
    savedAt: row.saved_at,
    savedBy: row.saved_by === null ? null : { id: row.saved_by, name: row.name ?? '' },
  };
}

/** Every version of a role's menu, newest first; with `version`, only that one. */
export async function menuVersions(
  db: Kysely<Database>,
  role: Role,
  version?: number,
): Promise<MenuVersionRow[]> {
  let query = db
    .selectFrom('menu_versions as v')
    .leftJoin('users as u', 'u.id', 'v.saved_by')
    .select(['v.version', 'v.kind', 'v.tree', 'v.known_routes', 'v.saved_at', 'v.saved_by', 'u.name'])
    .where('v.role', '=', role);
  if (version !== undefined) query = query.where('v.version', '=', version);
  const rows = await query.orderBy('v.version', 'desc').execute();
  return rows.map((r) => ({
    version: r.version,
    kind: r.kind as MenuVersionKind,
    tree: r.tree,
    knownRoutes: r.known_routes,
    savedAt: r.saved_at,
    savedBy: r.saved_by === null ? null : { id: r.saved_by, name: r.name ?? '' },
  }));
}

/**
 * Records the role's next menu version (inside the write's transaction), once the newest is the
 * one the edit started from (else 409). Publishes of one role's menu take turns from reading
 * the newest version to storing the next.
 */
export async function recordMenuVersion(
  trx: Kysely<Database>,
  role: Role,
  editedFrom: number,
  next: {
    kind: MenuVersionKind;
    tree: string | null;
    knownRoutes: string | null;
    by: number | null;
    at: string;
  },
): Promise<number> {
  await serializeOn(trx, `menu:${role}`);
  const newest = await newestMenuVersion(trx, role);
  refuseUnlessNewest(editedFrom, newest);
  const version = newest.version + 1;
  await trx
    .insertInto('menu_versions')
    .values({
      role,
      version,
      tree: next.tree,
      known_routes: next.knownRoutes,
      kind: next.kind,
      saved_by: next.by,
      saved_at: next.at,
    })
    .execute();
  return version;
}
