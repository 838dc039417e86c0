import {
  reviewedResultSchema,
  suspensionRequestSchema,
  versionedReviewDecisionSchema,
} from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { recordReview } from '../reviews/record-review';
import { setSuspension } from '../reviews/suspension';

async function firmNamed(app: AppContext, id: number) {
  const firm = await app.db
    .selectFrom('law_firms')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!firm) throw fail.notFound('lawfirm.notFound');
  return firm;
}

export const lawFirmReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawfirms/:id/review',
    summary:
      "Pass or reject a law firm's registration under review, on the version read (409 when it changed or is not under review); a rejection ends its contacts' sessions",
    tags: ['lawfirms'],
    access: 'firms.review',
    params: idParamsSchema,
    body: versionedReviewDecisionSchema,
    response: reviewedResultSchema,
    handler: async ({ app, params, body, caller, requestId }) =>
      recordReview(
        app,
        { caller, requestId },
        { table: 'law_firms', ...(await firmNamed(app, params.id)) },
        body,
      ),
  }),

  defineRoute({
    method: 'PUT',
    url: '/lawfirms/:id/suspension',
    summary:
      'Suspend a firm that passed review (with a reason: its contacts are signed out, it gets no more pushes, its unassigned cases return to the pool) or lift the suspension, on the version read',
    tags: ['lawfirms'],
    access: 'firms.review',
    params: idParamsSchema,
    body: suspensionRequestSchema,
    response: reviewedResultSchema,
    handler: async ({ app, params, body, caller, requestId }) =>
      setSuspension(
        app,
        { caller, requestId },
        { table: 'law_firms', ...(await firmNamed(app, params.id)) },
        body,
      ),
  }),
];
