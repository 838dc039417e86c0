import type { Kysely } from 'kysely';
import type { FieldError } from '../../contract/envelope';
import type { MenuNode } from '../../contract/menu';
import type { PageVersion, SavedPage } from '../../contract/page-api';
import { type PageDescriptor, pageDescriptorSchema } from '../../contract/pages/descriptor';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import type { Database } from '../db/schema';
import { PAGE_CATALOG } from './catalog';
import { checkReferences, type DeclaredApi } from './references';

/** The routes of the product's route table that open a page, by page id. */
export const ROUTE_PAGES: ReadonlyMap<string, MenuNode> = new Map(
  routesBreadthFirst(DEFAULT_ROUTES).flatMap((r) => (r.page ? [[r.page, r] as const] : [])),
);

export type PageCheck = { ok: true; page: PageDescriptor } | { ok: false; errors: FieldError[] };

/**
 * The whole check of a descriptor, for saving and for serving: the schema, then every API
 * path against the declared routes and every route template against the route table.
 */
export function checkPage(raw: unknown, declared: readonly DeclaredApi[]): PageCheck {
  const parsed = pageDescriptorSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({
        path: i.path.map(String).join('.') || '(root)',
        message: i.message,
      })),
    };
  }
  const errors = checkReferences(parsed.data, declared, DEFAULT_ROUTES);
  return errors.length ? { ok: false, errors } : { ok: true, page: parsed.data };
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
export async function latestStoredPages(db: Kysely<Database>): Promise<Map<string, StoredLatest>> {
  const rows = await db
    .selectFrom('page_descriptors as p')
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

export async function storedPageIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('page_descriptors').select('page_id').distinct().execute();
  return rows.map((r) => r.page_id);
}

/** Page ids a menu may name: the route table's, the catalogue's and every saved page's. */
export async function knownPageIds(db: Kysely<Database>): Promise<Set<string>> {
  return new Set([...ROUTE_PAGES.keys(), ...PAGE_CATALOG.keys(), ...(await storedPageIds(db))]);
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

/** Saves a checked descriptor as the page's next version (call inside the write's transaction). */
export async function savePageVersion(
  trx: Kysely<Database>,
  page: PageDescriptor,
  savedBy: number,
  at: Date,
): Promise<SavedPage> {
  const last = await trx
    .selectFrom('page_descriptors')
    .select(({ fn }) => fn.max('version').as('v'))
    .where('page_id', '=', page.id)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  const savedAt = at.toISOString();
  await trx
    .insertInto('page_descriptors')
    .values({
      page_id: page.id,
      version,
      descriptor: JSON.stringify(page),
      saved_by: savedBy,
      saved_at: savedAt,
    })
    .execute();
  return { id: page.id, version, savedAt };
}
