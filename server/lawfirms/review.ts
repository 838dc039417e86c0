import { reviewDecisionSchema, reviewResultSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { recordReview } from '../reviews/record-review';

export const lawFirmReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawfirms/:id/review',
    summary: "Pass or reject a law firm's registration",
    tags: ['lawfirms'],
    access: 'firms.review',
    params: idParamsSchema,
    body: reviewDecisionSchema,
    response: reviewResultSchema,
    handler: async ({ app, params, body, caller, requestId }) => {
      const firm = await app.db
        .selectFrom('law_firms')
        .select(['id', 'name'])
        .where('id', '=', params.id)
        .executeTakeFirst();
      if (!firm) throw fail.notFound('lawfirm.notFound');
      return recordReview(app, { caller, requestId }, { table: 'law_firms', ...firm }, body);
    },
  }),
];
