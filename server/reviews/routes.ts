import type { AccessRule } from '../../contract/access';
import {
  reviewedResultSchema,
  suspensionRequestSchema,
  versionedReviewDecisionSchema,
} from '../../contract/reviews';
import { idParamsSchema } from '../../contract/users';
import type { AppContext } from '../context';
import { type ApiRoute, type Caller, defineRoute } from '../http/route';
import { recordReview } from './record-review';
import { setSuspension } from './suspension';

/** What differs between the firm and the lawyer review routes. */
export interface ReviewedKind {
  table: 'law_firms' | 'lawyers';
  /** `/lawfirms` or `/lawyers`: the routes are `<base>/:id/review` and `<base>/:id/suspension`. */
  base: '/lawfirms' | '/lawyers';
  access: AccessRule;
  summaries: { review: string; suspension: string };
  /** The record by id, as the caller may see it (404 otherwise), with the name audits and notices use. */
  find: (app: AppContext, caller: Caller, id: number) => Promise<{ id: number; name: string }>;
}

/**
 * The review decision (`PUT <base>/:id/review`, server/reviews/record-review.ts) and the
 * suspension (`PUT <base>/:id/suspension`, server/reviews/suspension.ts) of a firm or a lawyer:
 * one pair of routes, built for each.
 */
export function reviewRoutes(kind: ReviewedKind): ApiRoute[] {
  const tags = [kind.base.slice(1)];
  return [
    defineRoute({
      method: 'PUT',
      url: `${kind.base}/:id/review`,
      summary: kind.summaries.review,
      tags,
      access: kind.access,
      params: idParamsSchema,
      body: versionedReviewDecisionSchema,
      response: reviewedResultSchema,
      handler: async ({ app, params, body, caller, requestId }) =>
        recordReview(
          app,
          { caller, requestId },
          { table: kind.table, ...(await kind.find(app, caller, params.id)) },
          body,
        ),
    }),
    defineRoute({
      method: 'PUT',
      url: `${kind.base}/:id/suspension`,
      summary: kind.summaries.suspension,
      tags,
      access: kind.access,
      params: idParamsSchema,
      body: suspensionRequestSchema,
      response: reviewedResultSchema,
      handler: async ({ app, params, body, caller, requestId }) =>
        setSuspension(
          app,
          { caller, requestId },
          { table: kind.table, ...(await kind.find(app, caller, params.id)) },
          body,
        ),
    }),
  ];
}
