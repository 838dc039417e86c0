import type { Kysely } from 'kysely';
import { formatDate } from '../../../contract/dates';
import { isWorked } from '../../../machines/caseRules';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { addLedgerEntry } from '../ledger/entries';
import { applySystemTransition } from '../system-transition';

/**
 * A reduced plan (减免) paid in full: what is still outstanding is waived (a `waiver` ledger
 * entry, so the ledger balances: claim = repaid + waived + outstanding) and the case closes as
 * `mediated`, through the case machine as actor `system`, in the repayment's transaction.
 */
export async function settleReducedPlan(
  trx: Kysely<Database>,
  app: AppContext,
  change: { caseId: number; waivedFen: number; requestId: string | null },
): Promise<void> {
  const now = app.clock.now();
  await addLedgerEntry(trx, {
    caseId: change.caseId,
    kind: 'waiver',
    amountFen: change.waivedFen,
    on: formatDate(now),
    reason: 'plan',
    createdBy: null,
    at: now,
  });
  const current = await trx
    .selectFrom('cases')
    .select(['status', 'position'])
    .where('id', '=', change.caseId)
    .executeTakeFirstOrThrow();
  if (isWorked({ status: current.status as never, position: current.position as never }))
    await applySystemTransition(trx, app, {
      caseId: change.caseId,
      event: 'CLOSE',
      result: 'mediated',
      requestId: change.requestId,
    });
}
