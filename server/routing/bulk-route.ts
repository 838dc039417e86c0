/**
 * The bulk jobs' `route` action (server/cases/bulk-jobs/): each case of the job pushed through
 * the routing rules as the job's starter, inside the job's batch transaction, under
 * ROUTING_LOCK like every routing run, so several processes never pass a capacity nor skew the
 * shares. The firms hear of it once, when the job ends: one message per firm for the whole job
 * (`routing.pushed` with the count), not one per case.
 */

import type { BulkDetails } from '../cases/bulk-jobs/actions';
import { registerBulkAction } from '../cases/bulk-jobs/actions';
import { caseRowsByIds } from '../cases/rows';
import { actorOf } from '../cases/scope';
import { serializeOn } from '../db/serialize';
import { fail } from '../http/errors';
import { transact } from '../notifications/bus';
import { firmContacts, notify } from '../notifications/notify';
import type { RoutedCase } from './choose';
import { lapsedFirms, NONE, pushByRules, routedCases } from './route';
import { loadRuleStates, ROUTING_LOCK, saveRuleStates } from './store';

/** The cases each firm received in a job so far, by the job's details object (one per running job). */
const receivedOf = new WeakMap<BulkDetails, Map<number, string[]>>();

registerBulkAction('route', {
  ability: 'cases.push',
  details: () => ({}),
  async run(trx, app, who, caseId, details) {
    await serializeOn(trx, ROUTING_LOCK);
    const rules = await loadRuleStates(trx);
    const [row] = await caseRowsByIds(trx, [caseId], who.viewer);
    if (!row) throw fail.notFound('case.notFound');
    const firm = await pushByRules(
      trx,
      app,
      { actor: actorOf(who.viewer), caller: who.caller, requestId: who.requestId },
      row,
      rules,
      {
        routed: (await routedCases(trx, [row])).get(row.id) as RoutedCase,
        excluded: (await lapsedFirms(trx, [caseId])).get(caseId) ?? NONE,
        notify: false,
      },
    );
    await saveRuleStates(trx, rules);
    const received = receivedOf.get(details) ?? new Map<number, string[]>();
    receivedOf.set(details, received);
    received.set(firm, [...(received.get(firm) ?? []), row.caseNo]);
    return row.caseNo;
  },
  async finish(app, details) {
    const received = receivedOf.get(details);
    receivedOf.delete(details);
    if (!received?.size) return;
    const now = app.clock.now();
    await transact(app.db, async (trx) => {
      for (const [firm, caseNos] of received)
        await notify(
          trx,
          await firmContacts(trx, firm),
          {
            kind: 'routing.pushed',
            params: { count: caseNos.length, caseNo: caseNos[0] ?? '' },
            link: '/form/casefirm',
          },
          now,
        );
    });
  },
});
