import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccessRule } from '../../contract/access';
import { diffQuerySchema, diffSchema, jsonDiff } from '../../contract/versions';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { type ApiRoute, defineRoute } from '../http/route';

interface DiffRouteSpec<P extends z.ZodType> {
  /** `/pages/:id` or `/menus/:role`. */
  url: string;
  params: P;
  targetOf: (params: z.output<P>) => string;
  access: AccessRule;
  tag: string;
  /** A version's JSON (0: what was served before any save); undefined: no such version. */
  contentOf: (db: Kysely<Database>, target: string, version: number) => Promise<unknown>;
}

/** `GET <url>/diff?from=&to=` → `{list: [{path (JSON pointer), before, after}]}` (contract/versions.ts jsonDiff). */
export function diffRoute<P extends z.ZodType>(spec: DiffRouteSpec<P>): ApiRoute {
  return defineRoute({
    method: 'GET',
    url: `${spec.url}/diff`,
    summary: 'What changed between two versions, as JSON-pointer paths with the values before and after',
    tags: [spec.tag],
    access: spec.access,
    params: spec.params,
    query: diffQuerySchema,
    response: diffSchema,
    handler: async ({ app, params, query }) => {
      const target = spec.targetOf(params as z.output<P>);
      const [before, after] = await Promise.all([
        spec.contentOf(app.db, target, query.from),
        spec.contentOf(app.db, target, query.to),
      ]);
      if (before === undefined || after === undefined) throw fail.notFound('version.notFound');
      return { list: jsonDiff(before, after) };
    },
  });
}
