import type { Kysely } from 'kysely';
import type { CloseResult } from '../../contract/cases';
import { type CaseEvent, decideTransition, SYSTEM } from '../../machines/caseStatusMachine';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { afterCommit } from '../notifications/bus';
import { forgetCaseCounts } from './count-cache';
import { caseRowsByIds } from './rows';
import { refuseUnlessAccepted, stateOfRow, storeTransition, TRANSITION_COLUMNS } from './transitions';

/**
 * One of the product's own decisions (ARCHITECTURE §4), through the same machine as actor
 * `system` (machines/caseGuards.ts SYSTEM: it may send SYSTEM_EVENTS only, e.g. RELEASE of a
 * case pushed to a firm that was suspended), inside the caller's transaction: the case is read
 * there, decided at its current version and stored with its push records and an audit entry
 * whose actor role is `system`. A refusal throws the machine's reason (409), so the caller's
 * transaction decides whether one refused case stops the rest. List totals are forgotten once
 * the caller's transaction commits (when it was opened with `transact`).
 */
export async function applySystemTransition(
  trx: Kysely<Database>,
  app: AppContext,
  change: {
    caseId: number;
    event: 'RELEASE' | 'REOPEN' | 'CLOSE';
    result?: CloseResult;
    requestId: string | null;
  },
): Promise<void> {
  const [current] = await caseRowsByIds(trx, [change.caseId], null);
  if (!current) throw fail.notFound('case.notFound');
  const event: CaseEvent =
    change.event === 'CLOSE'
      ? { type: 'CLOSE', actor: SYSTEM, result: change.result ?? 'mediated' }
      : { type: change.event, actor: SYSTEM };
  const decision = decideTransition(stateOfRow(current), event);
  refuseUnlessAccepted(decision);
  await storeTransition(trx, app, { actor: SYSTEM, caller: null, requestId: change.requestId }, current, {
    event,
    next: decision.next,
    pushes: decision.pushes,
  });
  afterCommit(trx, () => forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS }));
}
