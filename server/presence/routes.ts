import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccessRule } from '../../contract/access';
import { presenceSchema } from '../../contract/presence';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { type ApiRoute, defineRoute } from '../http/route';
import { arrive, leave, type PresenceTarget, present } from './presence';

interface PresenceRouteSpec<P extends z.ZodType> {
  kind: 'page' | 'menu';
  /** `/pages/:id` or `/menus/:role`. */
  url: string;
  params: P;
  targetOf: (params: z.output<P>) => string;
  /** Who may edit it: only they appear, and only they see who else is there. */
  access: AccessRule;
  /** Refuses a target that does not exist (404). */
  exists: (db: Kysely<Database>, target: string) => Promise<boolean>;
  tag: string;
}

/**
 * `PUT|GET|DELETE <url>/presence`: who else has this page or menu open in an editor
 * (contract/presence.ts). The editor's heartbeat, who is there, and leaving.
 */
export function presenceRoutes<P extends z.ZodType>(spec: PresenceRouteSpec<P>): ApiRoute[] {
  const targetOf = async (db: Kysely<Database>, params: unknown): Promise<PresenceTarget> => {
    const target = spec.targetOf(params as z.output<P>);
    if (!(await spec.exists(db, target))) throw fail.notFound('version.notFound');
    return `${spec.kind}:${target}`;
  };
  const common = {
    tags: [spec.tag],
    access: spec.access,
    params: spec.params,
    response: presenceSchema,
  };
  return [
    defineRoute({
      ...common,
      method: 'PUT',
      url: `${spec.url}/presence`,
      summary: `The heartbeat of an open ${spec.kind} editor; answers who else has it open`,
      handler: async ({ app, caller, params }) =>
        arrive(app.db, caller, await targetOf(app.db, params), app.clock.now()),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      url: `${spec.url}/presence`,
      summary: `Who else has this ${spec.kind} open in an editor`,
      handler: async ({ app, caller, params }) =>
        present(app.db, caller, await targetOf(app.db, params), app.clock.now()),
    }),
    defineRoute({
      ...common,
      method: 'DELETE',
      url: `${spec.url}/presence`,
      summary: `The ${spec.kind} editor was closed; answers who else still has it open`,
      handler: async ({ app, caller, params }) =>
        leave(app.db, caller, await targetOf(app.db, params), app.clock.now()),
    }),
  ];
}
