import { z } from 'zod';
import { type PageDescriptor, SCHEMA_VERSION } from '../../contract/pages/descriptor';
import { pageIdSchema } from '../../contract/menu';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { fail } from '../http/errors';
import { access, defineRoute } from '../http/route';
import { menuForRole } from '../menus/store';
import { PAGE_CATALOG } from './catalog';

const KNOWN_PAGE_IDS = new Set(routesBreadthFirst(DEFAULT_ROUTES).map((r) => r.page));

/** Honest stand-in for a route whose descriptor is not written yet. */
function notYetAvailable(id: string, title: string): PageDescriptor {
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

export const pageRoutes = [
  defineRoute({
    method: 'GET',
    url: '/pages/:id',
    summary: "A page descriptor, for a page in the caller's role menu",
    tags: ['pages'],
    access: access.signedIn,
    params: z.object({ id: pageIdSchema }),
    response: z.unknown(),
    handler: async ({ app, caller, params }) => {
      const catalogued = PAGE_CATALOG.get(params.id);
      if (!catalogued && !KNOWN_PAGE_IDS.has(params.id)) throw fail.notFound('page.notFound');
      // The role's own menu decides: a page removed from it is closed to that role.
      const route = routesBreadthFirst(await menuForRole(app.db, caller.role)).find((r) => r.page === params.id);
      if (!route) throw fail.forbidden('page.forbidden');
      return catalogued ?? notYetAvailable(params.id, route.title);
    },
  }),
];
