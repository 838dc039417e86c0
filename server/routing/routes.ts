import {
  routeAnswerSchema,
  routeRequestSchema,
  routingRulesRequestSchema,
  routingRulesSchema,
} from '../../contract/routing';
import { recordAudit } from '../audit/audit';
import { whenApproved } from '../cases/approval-hooks';
import { startBulkJob } from '../cases/bulk-jobs/jobs';
import { actorOf, viewerOf } from '../cases/scope';
import { defineRoute } from '../http/route';
import { transact } from '../notifications/bus';
import './bulk-route';
import { routeCases, routeOnApproval } from './route';
import { readRules, replaceRules } from './store';

// A rule with routeOnApprove pushes a case the moment review approves it.
whenApproved(async (app, caseId, requestId) => (await routeOnApproval(app, caseId, requestId)) !== null);

/** The bulk job a filter starts (a bulk action's name, not an audit action). */
const ROUTE_JOB = 'route' as const;

/** 分案规则 and routing by them (server/routing/README.md). */
export const routingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/routing-rules',
    summary:
      'The routing rules in the order they apply, each firm with its weight, capacity and open cases now',
    tags: ['cases'],
    access: 'routing.manage',
    response: routingRulesSchema,
    handler: async ({ app }) => ({ rules: await readRules(app.db) }),
  }),

  defineRoute({
    method: 'PUT',
    url: '/routing-rules',
    summary:
      'Replace the ordered routing rules; every firm must have passed review and not be suspended (400 at its field)',
    tags: ['cases'],
    access: 'routing.manage',
    body: routingRulesRequestSchema,
    response: routingRulesSchema,
    handler: async ({ app, caller, body, requestId }) => {
      const now = app.clock.now();
      await transact(app.db, async (trx) => {
        await replaceRules(
          trx,
          body,
          async (ids) =>
            new Set(
              ids.length === 0
                ? []
                : (await trx.selectFrom('creditors').select('id').where('id', 'in', ids).execute()).map(
                    (c) => c.id,
                  ),
            ),
          now.toISOString(),
        );
        await recordAudit(
          trx,
          { caller, requestId, at: now },
          {
            action: 'routing.save',
            entity: 'routing',
            entityId: 'rules',
            summary: `${body.rules.length} routing rules saved`,
            params: { count: body.rules.length },
          },
        );
      });
      return { rules: await readRules(app.db) };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/cases/route',
    summary:
      'Push each pooled case named (at most 500) to a firm by the routing rules (the machine’s PUSH, as the caller); answered per case',
    tags: ['cases'],
    access: 'cases.push',
    body: routeRequestSchema,
    response: routeAnswerSchema,
    handler: async ({ app, caller, body, requestId, lang }) => {
      const viewer = await viewerOf(app.db, caller);
      // A filter: every case the case list shows the caller, as a bulk job (bulk-route.ts).
      if (body.filter)
        return {
          id: await startBulkJob(
            app,
            { caller, viewer, requestId },
            { action: ROUTE_JOB, filter: body.filter },
          ),
        };
      return routeCases(app, body.caseIds ?? [], { actor: actorOf(viewer), caller, requestId }, lang);
    },
  }),
];
