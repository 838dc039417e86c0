import { reviewDecisionSchema, reviewResultSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { fail } from '../http/errors';
import { defineRoute } from '../http/route';
import { firmInScope, firmScopeOf } from '../lawfirms/scope';
import { recordReview } from '../reviews/record-review';

export const lawyerReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawyers/:id/review',
    summary: "Pass or reject a lawyer's registration (a firm's contact person: own firm only)",
    tags: ['lawyers'],
    access: 'lawyers.review',
    params: idParamsSchema,
    body: reviewDecisionSchema,
    response: reviewResultSchema,
    handler: async ({ app, params, body, caller, requestId }) => {
      const lawyer = await app.db
        .selectFrom('lawyers as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.id', 'l.law_firm_id', 'u.name'])
        .where('l.id', '=', params.id)
        .executeTakeFirst();
      // A lawyer outside the caller's scope (another firm's) is answered like a missing one.
      if (!lawyer || !firmInScope(firmScopeOf(caller, 'lawyers.review'), lawyer.law_firm_id)) {
        throw fail.notFound('lawyer.notFound');
      }
      return recordReview(
        app,
        { caller, requestId },
        { table: 'lawyers', id: lawyer.id, name: lawyer.name },
        body,
      );
    },
  }),
];
