import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccessRule } from '../../contract/access';
import { checkTreeLimits, type TreeLimits } from '../../contract/tree-limits';
import { type Draft, draftBodySchema, draftSchema } from '../../contract/versions';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { type ApiRoute, defineRoute } from '../http/route';

/** What has a draft: a page (by id) or a role's menu (by role). */
export type DraftKind = 'page' | 'menu';

/** The one shared draft of a page or a menu, with who last changed it; null when there is none. */
export async function readDraft(db: Kysely<Database>, kind: DraftKind, target: string): Promise<Draft> {
  const row = await db
    .selectFrom('descriptor_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .select(['d.body', 'd.base_version', 'd.updated_by', 'd.updated_at', 'u.name'])
    .where('d.kind', '=', kind)
    .where('d.target', '=', target)
    .executeTakeFirst();
  if (!row) return null;
  return {
    content: JSON.parse(row.body),
    baseVersion: row.base_version,
    updatedBy: row.updated_by === null ? null : { id: row.updated_by, name: row.name ?? '' },
    updatedAt: row.updated_at,
  };
}

/** Forgets the draft once it is published (inside the publish's transaction). */
export async function dropDraft(db: Kysely<Database>, kind: DraftKind, target: string): Promise<void> {
  await db.deleteFrom('descriptor_drafts').where('kind', '=', kind).where('target', '=', target).execute();
}

interface DraftRouteSpec<P extends z.ZodType> {
  kind: DraftKind;
  /** `/pages/:id` or `/menus/:role`. */
  url: string;
  params: P;
  targetOf: (params: z.output<P>) => string;
  access: AccessRule;
  /** The draft is work in progress and need not be valid, but no deeper or larger than a saved one. */
  limits: TreeLimits;
  /** Refuses a target that does not exist (404). */
  exists: (db: Kysely<Database>, target: string) => Promise<boolean>;
  tag: string;
}

/**
 * `GET|PUT|DELETE <url>/draft`: the editors' one shared draft (ARCHITECTURE §8 "Editing"). It is kept
 * as sent, never served to users (GET /api/pages/:id and /api/user/menu read published versions
 * only) and published on purpose with the publish of the page or menu, which forgets it.
 */
export function draftRoutes<P extends z.ZodType>(spec: DraftRouteSpec<P>): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: `${spec.url}/draft`,
      summary: `The shared draft of a ${spec.kind}, with who last changed it (null: none)`,
      tags: [spec.tag],
      access: spec.access,
      params: spec.params,
      response: draftSchema,
      handler: async ({ app, params }) => {
        const target = spec.targetOf(params as z.output<P>);
        if (!(await spec.exists(app.db, target))) throw fail.notFound('version.notFound');
        return readDraft(app.db, spec.kind, target);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${spec.url}/draft`,
      summary: `Replaces the shared draft of a ${spec.kind} (work in progress, never served)`,
      tags: [spec.tag],
      access: spec.access,
      params: spec.params,
      body: draftBodySchema,
      response: draftSchema,
      handler: async ({ app, caller, params, body }) => {
        const target = spec.targetOf(params as z.output<P>);
        if (!(await spec.exists(app.db, target))) throw fail.notFound('version.notFound');
        const crossed = checkTreeLimits(body.content, spec.limits);
        if (crossed)
          throw fail.validation([{ path: ['content', ...crossed.path].join('.'), message: crossed.message }]);
        const values = {
          body: JSON.stringify(body.content ?? null),
          base_version: body.baseVersion,
          updated_by: caller.userId,
          updated_at: app.clock.now().toISOString(),
        };
        await app.db
          .insertInto('descriptor_drafts')
          .values({ kind: spec.kind, target, ...values })
          .onConflict((oc) => oc.columns(['kind', 'target']).doUpdateSet(values))
          .execute();
        return readDraft(app.db, spec.kind, target);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${spec.url}/draft`,
      summary: `Discards the shared draft of a ${spec.kind} (the published version stays as it is)`,
      tags: [spec.tag],
      access: spec.access,
      params: spec.params,
      response: draftSchema,
      handler: async ({ app, params }) => {
        const target = spec.targetOf(params as z.output<P>);
        if (!(await spec.exists(app.db, target))) throw fail.notFound('version.notFound');
        await dropDraft(app.db, spec.kind, target);
        return null;
      },
    }),
  ];
}
