import { type AllocationOrderRequest, allocationOrderOf } from '../../../contract/ledger';
import { mayDo } from '../../../machines/caseRules';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { fail } from '../../http/errors';
import type { Caller } from '../../http/route';
import { transact } from '../../notifications/bus';
import { handledCase } from '../payments';
import { actorOf, type CaseViewer } from '../scope';
import { heldLedger } from './entries';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

/**
 * PUT /cases/:id/allocation-order: another order the parties agreed for repayments to pay the
 * parts in (Civil Code Art. 561 lets them), with its reason, audited. Whoever records the case's
 * repayments (`cases.run` on a case they handle: 403 otherwise) sets it while the case is not
 * closed (`can.allocationOrder`, 409 otherwise). Repayments recorded later allocate in it
 * (entries.ts `heldLedger` reads it); those before keep their allocation, as a ledger does.
 * The order is stored as given, the default one too, so the reason stays beside it.
 */
export async function setAllocationOrder(
  app: AppContext,
  who: Who,
  caseId: number,
  body: AllocationOrderRequest,
) {
  const seen = await handledCase(app, who.viewer, caseId);
  if (!mayDo('allocationOrder', seen, actorOf(who.viewer)))
    throw fail.conflict('ledger.allocationOrderClosed');
  const now = app.clock.now();
  const order = body.order.join(',');
  await transact(app.db, async (trx) => {
    // Held like every entry: a repayment in flight allocates in the old order or the new, never half.
    await heldLedger(trx, caseId);
    await trx
      .updateTable('cases')
      .set({ allocation_order: order, allocation_order_reason: body.reason })
      .where('id', '=', caseId)
      .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.allocationOrder',
        entity: 'case',
        entityId: caseId,
        summary: `allocation order ${order}: ${body.reason}`,
        params: { caseNo: seen.caseNo, order, reason: body.reason },
      },
    );
  });
  return {
    caseId,
    allocationOrder: [...allocationOrderOf(order)],
    allocationOrderReason: body.reason,
  };
}
