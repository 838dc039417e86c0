import { planCreatedSchema, planListSchema, planRequestSchema } from '../../../contract/plans';
import { idParamsSchema } from '../../../contract/users';
import { defineRoute } from '../../http/route';
import { viewerOf } from '../scope';
import { visibleCase } from '../visible-case';
import { sendAgreementPdf } from './agreement-file';
import { proposePlan } from './propose';
import { readPlans } from './store';

/** Repayment plans (server/cases/plans/README.md says who may do what). */
export const planRoutes = [
  defineRoute({
    method: 'GET',
    url: '/cases/:id/plans',
    summary:
      "A case's repayment plans, newest first, each instalment filled from the repayments since the plan was proposed (due, paid, partial, overdue)",
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    response: planListSchema,
    handler: async ({ app, caller, params }) => {
      await visibleCase(app.db, await viewerOf(app.db, caller), params.id);
      return { list: await readPlans(app.db, params.id, app.clock.now(), app.config.planGraceDays) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/:id/plans',
    summary:
      'The handling lawyer proposes instalments on a case in processing: equal to the outstanding amount, active at once; lower (减免, a reason, at most REDUCTION_MAX_PERCENT off), waiting for approval',
    tags: ['cases'],
    access: 'plans.propose',
    params: idParamsSchema,
    body: planRequestSchema,
    response: planCreatedSchema,
    handler: async ({ app, caller, params, body, requestId }) =>
      proposePlan(app, { caller, viewer: await viewerOf(app.db, caller), requestId }, params.id, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/plans/:id/pdf',
    summary: "A plan's agreement (分期还款协议, application/pdf) to whoever may read its case",
    tags: ['cases'],
    access: 'cases.read',
    params: idParamsSchema,
    raw: true,
    handler: async ({ app, caller, params, reply }) =>
      sendAgreementPdf(app, await viewerOf(app.db, caller), params.id, reply),
  }),
];
