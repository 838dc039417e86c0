import { fail } from '../http/errors';
import { firmInScope, firmScopeOf } from '../lawfirms/scope';
import { reviewRoutes } from '../reviews/routes';

/**
 * A lawyer's review decision and suspension (operations; a firm's contact person for their own
 * firm's lawyers), built by server/reviews/routes.ts. A lawyer outside the caller's scope
 * (another firm's) is answered like a missing one.
 */
export const lawyerReviewRoutes = reviewRoutes({
  table: 'lawyers',
  base: '/lawyers',
  access: 'lawyers.review',
  summaries: {
    review:
      "Pass or reject a lawyer's registration under review, on the version read (a firm's contact person: own firm only); a rejection ends the lawyer's sessions",
    suspension:
      "Suspend a lawyer who passed review (with a reason: signed out, no new cases; cases in hand stay) or lift the suspension, on the version read; the lawyer and the firm's contact persons are told",
  },
  find: async (app, caller, id) => {
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
  },
});
