import { fail } from '../http/errors';
import { reviewRoutes } from '../reviews/routes';

/** A firm's review decision and suspension (operations), built by server/reviews/routes.ts. */
export const lawFirmReviewRoutes = reviewRoutes({
  table: 'law_firms',
  base: '/lawfirms',
  access: 'firms.review',
  summaries: {
    review:
      "Pass or reject a law firm's registration under review, on the version read (409 when it changed or is not under review); a rejection ends its contacts' sessions",
    suspension:
      'Suspend a firm that passed review (with a reason: its contacts are signed out, it gets no more pushes, its unassigned cases return to the pool) or lift the suspension, on the version read; its contacts, its lawyers and case operations are told',
  },
  find: async (app, _caller, id) => {
    const firm = await app.db
      .selectFrom('law_firms')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!firm) throw fail.notFound('lawfirm.notFound');
    return firm;
  },
});
