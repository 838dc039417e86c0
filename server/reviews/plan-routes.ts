import { pagedSchema } from '../../contract/paging';
import {
  planQueueQuerySchema,
  planQueueRowSchema,
  planReviewRequestSchema,
  reviewedPlanSchema,
} from '../../contract/plans';
import { idParamsSchema } from '../../contract/users';
import { defineRoute } from '../http/route';
import { planQueue, reviewPlan } from './plan-review';

/** The review of reduced repayment plans (分期审核): the queue and the decision, for `plans.review`. */
export const planReviewRoutes = [
  defineRoute({
    method: 'GET',
    url: '/plans',
    summary: 'Repayment plans by status (default: waiting for approval), oldest first: the 分期审核 queue',
    tags: ['cases'],
    access: 'plans.review',
    query: planQueueQuerySchema,
    response: pagedSchema(planQueueRowSchema),
    handler: ({ app, query }) => planQueue(app, query),
  }),

  defineRoute({
    method: 'PUT',
    url: '/plans/:id/review',
    summary:
      'Pass (active) or reject (with a reason) a reduced plan, on the version read: no version 400, another 409 with who changed it',
    tags: ['cases'],
    access: 'plans.review',
    params: idParamsSchema,
    body: planReviewRequestSchema,
    response: reviewedPlanSchema,
    handler: ({ app, caller, params, body, requestId }) =>
      reviewPlan(app, { caller, requestId }, params.id, body),
  }),
];
