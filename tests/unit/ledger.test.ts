import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  applyEntry,
  type CountedEntry,
  claimOf,
  DEFAULT_ALLOCATION_ORDER,
  LEDGER_PARTS,
  type LedgerPart,
  ledgerTotals,
  type Parts,
  totalOf,
  zeroParts,
} from '../../contract/ledger';

const fen = fc.integer({ min: 0, max: 5_000_000 });
const claimArb = fc.record({ principal: fen, interest: fen, penalty: fen, fees: fen });
/** What happens to a case, in order: a repayment of a share of what is owed, a charge, a reversal of the n-th repayment, a waiver. */
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('repayment' as const), share: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
  fc.record({ kind: fc.constant('charge' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('reversal' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('waiver' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);
type Step = { kind: string; share?: number; amount?: number; pick?: number };
const orderArb = fc.shuffledSubarray([...LEDGER_PARTS], { minLength: 4, maxLength: 4 });

/** Runs the steps as the server does (entries.ts): refused repayments leave no entry. */
function run(claim: Parts, steps: Step[], order: readonly LedgerPart[] = DEFAULT_ALLOCATION_ORDER) {
  let outstanding = claim;
  const entries: (CountedEntry & { amount: number; reversed?: boolean })[] = [];
  for (const step of steps) {
    let entry: CountedEntry & { amount: number; reversed?: boolean };
    if (step.kind === 'charge') {
      entry = {
        kind: 'charge',
        amount: step.amount ?? 0,
        allocation: { ...zeroParts(), fees: step.amount ?? 0 },
      };
    } else if (step.kind === 'reversal') {
      const open = entries.filter((e) => e.kind === 'repayment' && !e.reversed);
      if (open.length === 0) continue;
      const target = open[(step.pick ?? 0) % open.length];
      target.reversed = true;
      entry = { kind: 'reversal', amount: target.amount, allocation: target.allocation };
    } else {
      const amount = Math.floor(totalOf(outstanding) * (step.share ?? 0));
      if (amount <= 0) continue;
      const { allocation, unallocated } = allocate(outstanding, amount, order);
      if (unallocated > 0) continue; // 409: more than is outstanding
      entry = { kind: step.kind as 'repayment' | 'waiver', amount, allocation };
    }
    outstanding = applyEntry(outstanding, entry);
    entries.push(entry);
  }
  return { outstanding, entries };
}

describe('the ledger', () => {
  it('keeps every allocation non-negative, adding up to its amount and to what was repaid, and outstanding = claim + charges - allocated - waived per part', () => {
    fc.assert(
      fc.property(claimArb, fc.array(stepArb, { maxLength: 30 }), orderArb, (claim, steps, order) => {
        const { outstanding, entries } = run(claim, steps, order);
        for (const e of entries) {
          for (const p of LEDGER_PARTS) expect(e.allocation[p]).toBeGreaterThanOrEqual(0);
          expect(totalOf(e.allocation)).toBe(e.amount);
        }
        const totals = ledgerTotals(claim, entries);
        const repaidTotal =
          entries.filter((e) => e.kind === 'repayment').reduce((s, e) => s + e.amount, 0) -
          entries.filter((e) => e.kind === 'reversal').reduce((s, e) => s + e.amount, 0);
        expect(totalOf(totals.repaid)).toBe(repaidTotal);
        for (const p of LEDGER_PARTS) {
          expect(totals.repaid[p]).toBeGreaterThanOrEqual(0);
          expect(outstanding[p]).toBeGreaterThanOrEqual(0);
          expect(outstanding[p]).toBe(claim[p] + totals.charged[p] - totals.repaid[p] - totals.waived[p]);
        }
        expect(totals.outstanding).toEqual(outstanding);
      }),
      { numRuns: 300 },
    );
  });

  it('pays fees, then penalty interest, then interest, then principal by default', () => {
    const owed = { principal: 100, interest: 20, penalty: 5, fees: 3 };
    expect(allocate(owed, 10).allocation).toEqual({ principal: 0, interest: 2, penalty: 5, fees: 3 });
    expect(allocate(owed, 200)).toEqual({ allocation: owed, unallocated: 72 });
    expect(allocate(owed, 10, ['principal', 'interest', 'penalty', 'fees']).allocation.principal).toBe(10);
  });

  it('takes a claim as its parts or all principal, and refuses parts that miss the amount', () => {
    expect(claimOf({ amountFen: 500 })).toEqual({
      parts: { ...zeroParts(), principal: 500 },
      amountFen: 500,
    });
    expect(claimOf({ amountFen: 500, principalFen: 400, feesFen: 100 })).toMatchObject({ amountFen: 500 });
    expect(claimOf({ amountFen: 500, principalFen: 400 })).toEqual({ mismatch: true });
  });
});
