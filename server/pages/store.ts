import type { Kysely } from 'kysely';
import type { AccessRule } from '../../contract/access';
import { type FieldError, fieldErrorsOf } from '../../contract/envelope';
import type { PageAccess } from '../../contract/menu-api';
import type { PageVersion, SavedPage } from '../../contract/page-api';
import { isBuiltinPageComponent } from '../../contract/pages/builtins';
import { type PageDescriptor, pageDescriptorSchema } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES } from '../../contract/routes';
import { checkTreeLimits, DESCRIPTOR_LIMITS } from '../../contract/tree-limits';
import type { VersionConflict } from '../../contract/versions';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { refuseUnlessNewest } from '../versions/if-match';
import { PAGE_CATALOG } from './catalog';
import { pageRuleOf, ROUTE_PAGES, upgradeLegacyRoles } from './page-access';
import { checkReferences, type DeclaredApi } from './references';

export { ROUTE_PAGES };

export type PageCheck = { ok: true; page: PageDescriptor } | { ok: false; errors: FieldError[] };

/**
 * The whole check of a descriptor, for saving and for serving: the tree limits (before
 * anything recursive reads it), role lists of older versions read as rules, the strict
 * schema, every API path against the declared routes and every route template against the
 * route table, and the rule that opens the page: the route table's for its id (a descriptor
 * may repeat it, not change it), else its own, which a page outside the route table must
 * name. The checked page carries that rule.
 */
export function checkPage(raw: unknown, declared: readonly DeclaredApi[]): PageCheck {
  const crossed = checkTreeLimits(raw, DESCRIPTOR_LIMITS);
  if (crossed)
    return { ok: false, errors: [{ path: crossed.path.join('.') || '(root)', message: crossed.message }] };
  const legacy = upgradeLegacyRoles(raw);
  if (legacy.errors.length) return { ok: false, errors: legacy.errors };
  const parsed = pageDescriptorSchema.safeParse(legacy.value);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
  const errors = checkReferences(parsed.data, declared, DEFAULT_ROUTES);
  const page = parsed.data;
  // A hand-written page exists only under the names the app registers (contract/pages/builtins.ts).
  if (page.type === 'builtin' && !isBuiltinPageComponent(page.component))
    errors.push({ path: 'component', message: 'page.unknownBuiltin' });
  const routeRule = ROUTE_PAGES.get(page.id)?.access;
  if (routeRule && page.access && page.access !== routeRule) {
    errors.push({ path: 'access', message: 'page.accessMismatch' });
  }
  const rule: AccessRule | undefined = routeRule ?? page.access;
  if (!rule) errors.push({ path: 'access', message: 'page.accessRequired' });
  return errors.length ? { ok: false, errors } : { ok: true, page: { ...page, access: rule } };
}

export interface StoredLatest {
  version: number;
  savedAt: string;
  descriptor: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The newest saved version of a page, unchecked. */
export async function latestStoredPage(db: Kysely<Database>, id: string): Promise<StoredLatest | null> {
  const row = await db
    .selectFrom('page_descriptors')
    .select(['version', 'saved_at', 'descriptor'])
    .where('page_id', '=', id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { version: row.version, savedAt: row.saved_at, descriptor: parseJson(row.descriptor) } : null;
}

/** The newest version of every saved page, unchecked. */
export async function latestStoredPages(
  db: Kysely<Database>,
  ids?: readonly string[],
): Promise<Map<string, StoredLatest>> {
  let query = db.selectFrom('page_descriptors as p');
  if (ids) query = query.where('p.page_id', 'in', ids.length ? ids : ['']);
  const rows = await query
    .select(['p.page_id', 'p.version', 'p.saved_at', 'p.descriptor'])
    .where(({ eb, selectFrom }) =>
      eb(
        'p.version',
        '=',
        selectFrom('page_descriptors as q')
          .select(({ fn }) => fn.max('q.version').as('v'))
          .whereRef('q.page_id', '=', 'p.page_id'),
      ),
    )
    .execute();
  return new Map(
    rows.map((r) => [
      r.page_id,
      { version: r.version, savedAt: r.saved_at, descriptor: parseJson(r.descriptor) },
    ]),
  );
}

/**
 * The rule that opens each page a menu may name (the route table's, the catalogue's, every
 * saved page's), as contract/menu-api.ts PageAccess; with `ids`, only those pages.
 */
export async function pageAccessMap(db: Kysely<Database>, ids?: readonly string[]): Promise<PageAccess> {
  const pages = new Map<string, AccessRule | null>();
  const wanted = ids ? new Set(ids) : null;
  for (const id of [...ROUTE_PAGES.keys(), ...PAGE_CATALOG.keys()]) {
    if (!wanted || wanted.has(id)) pages.set(id, pageRuleOf(id, PAGE_CATALOG.get(id)));
  }
  const rest = wanted ? [...wanted].filter((id) => pages.get(id) == null) : null;
  if (rest?.length === 0) return pages;
  for (const [id, latest] of await latestStoredPages(db, rest ?? undefined)) {
    if (pages.get(id) == null) pages.set(id, pageRuleOf(id, latest.descriptor));
  }
  return pages;
}

/** Every saved version of a page, newest first, with who saved it. */
export async function pageHistory(db: Kysely<Database>, id: string): Promise<PageVersion[]> {
  const rows = await db
    .selectFrom('page_descriptors as p')
    .leftJoin('users as u', 'u.id', 'p.saved_by')
    .select(['p.version', 'p.saved_at', 'p.descriptor', 'p.saved_by', 'u.name'])
    .where('p.page_id', '=', id)
    .orderBy('p.version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    savedAt: r.saved_at,
    savedBy: r.saved_by === null ? null : { id: r.saved_by, name: r.name ?? '' },
    descriptor: parseJson(r.descriptor),
  }));
}

/** One saved version, unchecked. */
export async function storedPageVersion(
  db: Kysely<Database>,
  id: string,
  version: number,
): Promise<unknown | undefined> {
  const row = await db
    .selectFrom('page_descriptors')
    .select('descriptor')
    .where('page_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return row ? parseJson(row.descriptor) : undefined;
}

/** The newest saved version of a page, who saved it and when (version 0: never saved). */
export async function newestPageVersion(db: Kysely<Database>, id: string): Promise<VersionConflict> {
  const row = await db
    .selectFrom('page_descriptors as p')
    .leftJoin('users as u', 'u.id', 'p.saved_by')
    .select(['p.version', 'p.saved_at', 'p.saved_by', 'u.name'])
    .where('p.page_id', '=', id)
    .orderBy('p.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { version: 0, savedBy: null, savedAt: null };
  return {
    version: row.version,
    savedAt: row.saved_at,
    savedBy: row.saved_by === null ? null : { id: row.saved_by, name: row.name ?? '' },
  };
}

/**
 * Saves a checked descriptor as the page's next version (call inside the write's transaction),
 * once the newest version is the one it was edited from (else 409, server/versions/if-match.ts).
 * `text`: the exact JSON to store (a restore stores the restored version's own bytes).
 */
export async function savePageVersion(
  trx: Kysely<Database>,
  page: PageDescriptor,
  savedBy: number,
  at: Date,
  editedFrom: number,
  text = JSON.stringify(page),
): Promise<SavedPage> {
  // Saves of one page take turns from reading the newest version to storing the next: two at
  // once would both pick the same number, and the second must be told it is stale.
  await serializeOn(trx, `page:${page.id}`);
  const newest = await newestPageVersion(trx, page.id);
  refuseUnlessNewest(editedFrom, newest);
  const version = newest.version + 1;
  const savedAt = at.toISOString();
  await trx
    .insertInto('page_descriptors')
    .values({ page_id: page.id, version, descriptor: text, saved_by: savedBy, saved_at: savedAt })
    .execute();
  return { id: page.id, version, savedAt };
}

/** The exact JSON text of one saved version (what a restore stores again). */
export async function storedPageText(db: Kysely<Database>, id: string, version: number) {
  const row = await db
    .selectFrom('page_descriptors')
    .select('descriptor')
    .where('page_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.descriptor;
}
