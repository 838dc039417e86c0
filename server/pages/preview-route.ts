import { pageIdParamsSchema, pagePreviewBodySchema, pagePreviewSchema } from '../../contract/page-api';
import { defineRoute } from '../http/route';
import { PAGE_CATALOG } from './catalog';
import { type MenuOf, pageOpeningFor } from './page-opens';
import { latestStoredPage } from './store';

/**
 * The editors' preview as another role: whether that role opens the page, answered by the
 * check GET /api/pages/:id makes for a signed-in role. What the page then shows the role
 * (columns, fields, actions) the registry decides in the browser with the same `can`.
 */
export function pagePreviewRoute(menuOf: MenuOf) {
  return defineRoute({
    method: 'POST',
    url: '/pages/:id/preview',
    summary:
      'Whether a role would open the page as edited (the editors preview a role without signing in as it)',
    tags: ['pages'],
    access: 'pages.edit',
    params: pageIdParamsSchema,
    body: pagePreviewBodySchema,
    response: pagePreviewSchema,
    handler: async ({ app, params, body }) => {
      const descriptor =
        body.descriptor ??
        (await latestStoredPage(app.db, params.id))?.descriptor ??
        PAGE_CATALOG.get(params.id);
      const { rule, closedBy } = await pageOpeningFor(app.db, menuOf, params.id, body.role, descriptor);
      return { role: body.role, opens: closedBy === null, rule, closedBy };
    },
  });
}
