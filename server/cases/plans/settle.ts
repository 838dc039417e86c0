import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';

/**
 * A reduced plan (减免) paid in full: what is still outstanding is waived (a `waiver` ledger
 * entry, so the ledger balances) and the case closes as `mediated`, through the case machine as
 * actor `system`, in the repayment's transaction.
 */
export async function settleReducedPlan(
  _trx: Kysely<Database>,
  _app: AppContext,
  _change: { caseId: number; waivedFen: number; requestId: string | null },
): Promise<void> {
  // Wired to the ledger's waiver entry and the system's CLOSE once the ledger lands.
}
