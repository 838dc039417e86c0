import {
  reviewedResultSchema,
  suspensionRequestSchema,
  versionedReviewDecisionSchema,
} from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { type Caller, defineRoute } from '../http/route';
import { firmInScope, firmScopeOf } from '../lawfirms/scope';
import { recordReview } from '../reviews/record-review';
import { setSuspension } from '../reviews/suspension';

/** The lawyer by id; one outside the caller's scope (another firm's) is answered like a missing one. */
async function lawyerInScope(app: AppContext, caller: Caller, id: number) {
  const lawyer = await app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.law_firm_id', 'u.name'])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!lawyer || !firmInScope(firmScopeOf(caller, 'lawyers.review'), lawyer.law_firm_id)) {
    throw fail.notFound('lawyer.notFound');
  }
  return { id: lawyer.id, name: lawyer.name };
}

export const lawyerReviewRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/lawyers/:id/review',
    summary:
      "Pass or reject a lawyer's registration under review, on the version read (a firm's contact person: own firm only); a rejection ends the lawyer's sessions",
    tags: ['lawyers'],
    access: 'lawyers.review',
    params: idParamsSchema,
    body: versionedReviewDecisionSchema,
    response: reviewedResultSchema,
    handler: async ({ app, params, body, caller, requestId }) =>
      recordReview(
        app,
        { caller, requestId },
        { table: 'lawyers', ...(await lawyerInScope(app, caller, params.id)) },
        body,
      ),
  }),

  defineRoute({
    method: 'PUT',
    url: '/lawyers/:id/suspension',
    summary:
      'Suspend a lawyer who passed review (with a reason: signed out, no new cases; cases in hand stay) or lift the suspension, on the version read',
    tags: ['lawyers'],
    access: 'lawyers.review',
    params: idParamsSchema,
    body: suspensionRequestSchema,
    response: reviewedResultSchema,
    handler: async ({ app, params, body, caller, requestId }) =>
      setSuspension(
        app,
        { caller, requestId },
        { table: 'lawyers', ...(await lawyerInScope(app, caller, params.id)) },
        body,
      ),
  }),
];
