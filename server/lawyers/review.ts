import { reviewDecisionSchema, reviewResultSchema } from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import { fail } from '../http/errors';
import { access, defineRoute } from '../http/route';
import { recordReview } from '../reviews/record-review';

export const lawyerReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawyers/:id/review',
    summary: "Pass or reject a lawyer's registration (a firm's contact person: own firm only)",
    tags: ['lawyers'],
    access: access.roles('bussinessOperation', 'lawfirmContactPerson'),
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
      // Another firm's lawyer is answered like a missing one: a contact person sees only their firm.
      if (!lawyer || (caller.role === 'lawfirmContactPerson' && lawyer.law_firm_id !== caller.lawFirmId)) {
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
