import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  type PageSummary,
  pageHistorySchema,
  pageIdParamsSchema,
  pageListSchema,
  revertBodySchema,
  savedPageSchema,
} from '../../contract/page-api';
import { type PageDescriptor, pageDescriptorSchema, SCHEMA_VERSION } from '../../contract/pages/descriptor';
import type { Title } from '../../contract/title';
import { DESCRIPTOR_LIMITS } from '../../contract/tree-limits';
import { type AuditEntry, recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { type ApiRoute, type Caller, defineRoute } from '../http/route';
import { presenceRoutes } from '../presence/routes';
import { diffRoute } from '../versions/diff-route';
import { draftRoutes, dropDraft } from '../versions/drafts';
import { editedFromVersion, sendVersion } from '../versions/if-match';
import { PAGE_CATALOG } from './catalog';
import { pageRuleOf } from './page-access';
import { type MenuOf, pageOpeningFor } from './page-opens';
import { pagePreviewRoute } from './preview-route';
import type { DeclaredApi } from './references';
import {
  checkPage,
  latestStoredPage,
  latestStoredPages,
  pageHistory,
  ROUTE_PAGES,
  type StoredLatest,
  savePageVersion,
  storedPageText,
  storedPageVersion,
} from './store';

/** Honest stand-in for a route whose descriptor is not written yet. */
function notYetAvailable(id: string, title: Title): PageDescriptor {
  return {
    schemaVersion: SCHEMA_VERSION,
    id,
    type: 'result',
    status: 'info',
    title,
    subtitle: 'page.notYetAvailable',
    actions: [],
  };
}

/**
 * What a page id serves: its newest saved version, checked again (the API or the route table
 * may have changed since it was saved), else the product's catalogue. An invalid stored
 * descriptor never reaches the browser: it is logged and the catalogue answers instead.
 */
function served(
  id: string,
  stored: StoredLatest | null,
  declared: readonly DeclaredApi[],
  log: FastifyBaseLogger,
): { page: PageDescriptor; source: 'stored' | 'catalog' } | null {
  if (stored) {
    const check = checkPage(stored.descriptor, declared);
    if (check.ok) return { page: check.page, source: 'stored' };
    log.error(
      { pageId: id, version: stored.version, errors: check.errors },
      'stored page descriptor is invalid; serving the catalogue instead',
    );
  }
  const catalogued = PAGE_CATALOG.get(id);
  if (!catalogued) return null;
  const rule = pageRuleOf(id, catalogued);
  return { page: rule ? { ...catalogued, access: rule } : catalogued, source: 'catalog' };
}

async function isKnownPage(db: Kysely<Database>, id: string, stored?: StoredLatest | null): Promise<boolean> {
  if (PAGE_CATALOG.has(id) || ROUTE_PAGES.has(id)) return true;
  return (stored === undefined ? await latestStoredPage(db, id) : stored) !== null;
}

/**
 * Saves page `id` as its newest version once it holds against the API and the route table (else
 * 400 with every error), with the audit row `entry` makes of the version saved, in one
 * transaction.
 */
async function saveCheckedPage(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: string,
  candidate: unknown,
  declared: readonly DeclaredApi[],
  entry: (version: number) => Omit<AuditEntry, 'entity' | 'entityId'>,
  editedFrom: number,
  text?: string,
) {
  const check = checkPage(candidate, declared);
  if (!check.ok) throw fail.validation(check.errors);
  const now = app.clock.now();
  return app.db.transaction().execute(async (trx) => {
    const saved = await savePageVersion(trx, check.page, who.caller.userId, now, editedFrom, text);
    // Published on purpose: the shared draft it came from is done with.
    await dropDraft(trx, 'page', id);
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      { entity: 'page', entityId: id, ...entry(saved.version) },
    );
    return saved;
  });
}

export type { MenuOf };

/**
 * The page descriptor API. `declared` is the server's own route list (server/routes.ts),
 * passed as a getter because that list includes these routes: every API path a descriptor
 * names must be one of them. `menuOf` is handed in by server/routes.ts too: menus/ stands on
 * pages/ (a menu link shows its page's access), so pages/ does not import menus/.
 */
export function pageRoutes(declared: () => readonly DeclaredApi[], menuOf: MenuOf): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/pages/:id',
      summary: "A page descriptor, for a page in the caller's role menu",
      tags: ['pages'],
      access: 'signedIn',
      params: pageIdParamsSchema,
      response: z.unknown(),
      handler: async ({ app, caller, params, reply }) => {
        const stored = await latestStoredPage(app.db, params.id);
        sendVersion(reply, stored?.version ?? 0);
        if (!(await isKnownPage(app.db, params.id, stored))) throw fail.notFound('page.notFound');
        const { route } = await pageOpeningFor(
          app.db,
          menuOf,
          params.id,
          caller.role,
          stored?.descriptor ?? PAGE_CATALOG.get(params.id),
        );
        if (!route) throw fail.forbidden('page.forbidden');
        return (
          served(params.id, stored, declared(), app.log)?.page ?? notYetAvailable(params.id, route.title)
        );
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/pages',
      summary: 'Every page id with its title, where its descriptor comes from and its latest saved version',
      tags: ['pages'],
      access: 'pages.edit',
      response: pageListSchema,
      handler: async ({ app }) => {
        const stored = await latestStoredPages(app.db);
        const ids = [...new Set([...ROUTE_PAGES.keys(), ...PAGE_CATALOG.keys(), ...stored.keys()])];
        const list = ids.map((id): PageSummary => {
          const latest = stored.get(id) ?? null;
          const page = served(id, latest, declared(), app.log);
          return {
            id,
            title: page?.page.title ?? ROUTE_PAGES.get(id)?.title ?? id,
            source: page?.source ?? 'missing',
            version: latest?.version ?? null,
            savedAt: latest?.savedAt ?? null,
          };
        });
        return { list, total: list.length };
      },
    }),

    defineRoute({
      method: 'PUT',
      url: '/pages/:id',
      summary: 'Saves a page descriptor as the newest version (checked against the API and the route table)',
      tags: ['pages'],
      access: 'pages.edit',
      params: pageIdParamsSchema,
      body: pageDescriptorSchema,
      response: savedPageSchema,
      handler: async ({ app, caller, params, body, requestId, request }) => {
        const editedFrom = editedFromVersion(request);
        if (body.id !== params.id) throw fail.field('id', 'page.idMismatch');
        return saveCheckedPage(
          app,
          { caller, requestId },
          params.id,
          body,
          declared(),
          (version) => ({
            action: 'page.save',
            summary: `version ${version}`,
            params: { page: params.id, version },
          }),
          editedFrom,
        );
      },
    }),

    defineRoute({
      method: 'GET',
      url: '/pages/:id/history',
      summary: 'What a page serves now and every saved version, newest first, with who saved it and when',
      tags: ['pages'],
      access: 'pages.edit',
      params: pageIdParamsSchema,
      response: pageHistorySchema,
      handler: async ({ app, params, reply }) => {
        const stored = await latestStoredPage(app.db, params.id);
        if (!(await isKnownPage(app.db, params.id, stored))) throw fail.notFound('page.notFound');
        const page = served(params.id, stored, declared(), app.log);
        const list = await pageHistory(app.db, params.id);
        sendVersion(reply, stored?.version ?? 0);
        return {
          id: params.id,
          version: stored?.version ?? 0,
          source: page?.source ?? ('missing' as const),
          current:
            page?.page ?? notYetAvailable(params.id, ROUTE_PAGES.get(params.id)?.title ?? 'page.notFound'),
          list,
          total: list.length,
        };
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/pages/:id/revert',
      summary: 'Saves an earlier version of a page again as the newest',
      tags: ['pages'],
      access: 'pages.edit',
      params: pageIdParamsSchema,
      body: revertBodySchema,
      response: savedPageSchema,
      handler: async ({ app, caller, params, body, requestId, request }) => {
        const editedFrom = editedFromVersion(request);
        const text = await storedPageText(app.db, params.id, body.version);
        if (text === undefined) throw fail.notFound('page.versionNotFound');
        // The API or the route table may have moved on since: the old version must still hold.
        // What is stored again is the old version's own text, byte for byte.
        return saveCheckedPage(
          app,
          { caller, requestId },
          params.id,
          JSON.parse(text),
          declared(),
          (version) => ({
            action: 'page.revert',
            summary: `version ${body.version} saved again as version ${version}`,
            params: { page: params.id, fromVersion: body.version, version },
          }),
          editedFrom,
          text,
        );
      },
    }),

    pagePreviewRoute(menuOf),

    ...draftRoutes({
      kind: 'page',
      url: '/pages/:id',
      params: pageIdParamsSchema,
      targetOf: (params) => params.id,
      access: 'pages.edit',
      limits: DESCRIPTOR_LIMITS,
      exists: (db, id) => isKnownPage(db, id),
      tag: 'pages',
    }),

    ...presenceRoutes({
      kind: 'page',
      url: '/pages/:id',
      params: pageIdParamsSchema,
      targetOf: (params) => params.id,
      access: 'pages.edit',
      exists: (db, id) => isKnownPage(db, id),
      tag: 'pages',
    }),

    diffRoute({
      url: '/pages/:id',
      params: pageIdParamsSchema,
      targetOf: (params) => params.id,
      access: 'pages.edit',
      tag: 'pages',
      // Version 0 is what the page served before any save: the product's catalogue.
      contentOf: async (db, id, version) =>
        version === 0 ? PAGE_CATALOG.get(id) : storedPageVersion(db, id, version),
    }),
  ];
}
