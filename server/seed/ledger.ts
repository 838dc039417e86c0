import { type Insertable, type Kysely, sql } from 'kysely';
import { allocate, LEDGER_PARTS, type Parts, REPAYMENT_CHANNELS, totalOf } from '../../contract/ledger';
import { claimColumns } from '../cases/ledger/claim';
import type { Database } from '../db/schema';

export { claimColumns };

/**
 * The demo ledger: each seeded claim split into parts (most of it principal), each seeded
 * repayment an entry with its channel and allocation, and the cases' outstanding columns summed
 * from them. Derived from the amounts and sequence numbers, not drawn, so the rest of the demo
 * data stays what it was.
 */

/** Principal most; interest 5-14 %, penalty 0-4 %, fees (诉讼费 and the like) on one case in four. */
export function claimSplit(amountFen: number, seq: number): Parts {
  const interest = Math.floor((amountFen * (5 + (seq % 10))) / 100);
  const penalty = Math.floor((amountFen * (seq % 5)) / 100);
  const fees = seq % 4 === 0 ? Math.min(500_000, Math.floor(amountFen / 100)) : 0;
  return { principal: amountFen - interest - penalty - fees, interest, penalty, fees };
}

export function claimOfRow(row: Insertable<Database['cases']>): Parts {
  return {
    principal: Number(row.claim_principal_fen ?? row.amount_fen),
    interest: Number(row.claim_interest_fen ?? 0),
    penalty: Number(row.claim_penalty_fen ?? 0),
    fees: Number(row.claim_fees_fen ?? 0),
  };
}

/** Repayments as entries, allocated in the order they were paid; one past the claim pays only the rest. */
export function repaymentEntries(
  caseId: number,
  claim: Parts,
  drawn: { amount: number; on: string; note: string; createdAt: string }[],
): Insertable<Database['ledger_entries']>[] {
  let outstanding = claim;
  const entries: Insertable<Database['ledger_entries']>[] = [];
  for (const [i, r] of [...drawn].sort((a, b) => a.on.localeCompare(b.on)).entries()) {
    const amount = Math.min(r.amount, totalOf(outstanding));
    if (amount <= 0) continue;
    const { allocation } = allocate(outstanding, amount);
    outstanding = Object.fromEntries(LEDGER_PARTS.map((p) => [p, outstanding[p] - allocation[p]])) as Parts;
    entries.push({
      case_id: caseId,
      kind: 'repayment',
      amount_fen: amount,
      booked_on: r.on,
      principal_fen: allocation.principal,
      interest_fen: allocation.interest,
      penalty_fen: allocation.penalty,
      fees_fen: allocation.fees,
      // Never cash: the channels a debtor pays through (其他 needs a note, so not seeded).
      channel: REPAYMENT_CHANNELS[(caseId + i) % 3],
      note: r.note,
      created_at: r.createdAt < `${r.on}T` ? `${r.on}T00:00:00.000Z` : r.createdAt,
    });
  }
  return entries;
}

/** What a case still owes after its seeded repayments. */
export function outstandingAfter(
  claim: Parts,
  entries: readonly Insertable<Database['ledger_entries']>[],
): Parts {
  const paid = (part: 'principal' | 'interest' | 'penalty' | 'fees') =>
    entries.reduce((sum, e) => sum + Number(e[`${part}_fen`]), 0);
  return Object.fromEntries(LEDGER_PARTS.map((p) => [p, claim[p] - paid(p)])) as Parts;
}

/** The outstanding columns of the cases that were repaid in part, in one statement (UPDATE ... FROM a VALUES list). */
export async function settleOutstanding(
  trx: Kysely<Database>,
  settled: readonly { id: number; outstanding: Parts }[],
): Promise<void> {
  if (settled.length === 0) return;
  const big = (n: number) => sql`cast(${n} as bigint)`;
  const values = sql.join(
    settled.map(
      ({ id, outstanding: o }) =>
        sql`(cast(${id} as integer), ${big(o.principal)}, ${big(o.interest)}, ${big(o.penalty)}, ${big(o.fees)}, ${big(totalOf(o))})`,
    ),
  );
  await sql`with v(id, p, i, n, f, t) as (values ${values})
    update cases set outstanding_principal_fen = v.p, outstanding_interest_fen = v.i,
      outstanding_penalty_fen = v.n, outstanding_fees_fen = v.f, outstanding_fen = v.t
    from v where cases.id = v.id`.execute(trx);
}
