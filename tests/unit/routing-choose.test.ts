import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseFirm, type RuleState } from '../../server/routing/choose';

function rule(
  firms: Array<{ id: number; weight: number; capacity: number; open?: number }>,
  extra: Partial<RuleState> = {},
): RuleState {
  return {
    id: 1,
    name: 'r',
    regionPrefixes: [],
    minAmountFen: null,
    maxAmountFen: null,
    creditorIds: [],
    routeOnApprove: false,
    firms: firms.map((f) => ({
      lawFirmId: f.id,
      weight: f.weight,
      capacity: f.capacity,
      currentWeight: 0,
      open: { count: f.open ?? 0 },
    })),
    ...extra,
  };
}
const aCase = { regionCode: '440305', amountFen: 100_000, creditorId: 7 };
const NONE = new Set<number>();

function route(rules: RuleState[], n: number) {
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const chosen = chooseFirm(rules, aCase, NONE);
    if (!chosen) break;
    counts.set(chosen.firm.lawFirmId, (counts.get(chosen.firm.lawFirmId) ?? 0) + 1);
  }
  return counts;
}

describe('choosing a firm by the routing rules', () => {
  it('shares 1,000 cases over weights 3:1 as 750:250', () => {
    const counts = route(
      [
        rule([
          { id: 1, weight: 3, capacity: 10_000 },
          { id: 2, weight: 1, capacity: 10_000 },
        ]),
      ],
      1000,
    );
    expect([counts.get(1), counts.get(2)]).toEqual([750, 250]);
  });

  it('keeps 10,000 cases within 1% of the weights, and never passes a capacity (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            weight: fc.integer({ min: 1, max: 20 }),
            capacity: fc.integer({ min: 0, max: 12_000 }),
            open: fc.integer({ min: 0, max: 50 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (firms) => {
          const r = rule(firms.map((f, i) => ({ id: i + 1, ...f })));
          const counts = route([r], 10_000);
          for (const [i, f] of firms.entries()) {
            const state = r.firms[i];
            expect(state.open.count).toBeLessThanOrEqual(Math.max(f.capacity, f.open));
            expect(state.open.count - f.open).toBe(counts.get(i + 1) ?? 0);
          }
          // With room for everyone, shares follow the weights within 1% of the cases.
          if (firms.every((f) => f.capacity - f.open >= 10_000)) {
            const total = firms.reduce((s, f) => s + f.weight, 0);
            for (const [i, f] of firms.entries())
              expect(Math.abs((counts.get(i + 1) ?? 0) - (10_000 * f.weight) / total)).toBeLessThanOrEqual(
                100,
              );
          }
        },
      ),
      { numRuns: 40, seed: 20 },
    );
    const wide = rule([
      { id: 1, weight: 5, capacity: 20_000 },
      { id: 2, weight: 3, capacity: 20_000 },
      { id: 3, weight: 2, capacity: 20_000 },
    ]);
    const counts = route([wide], 10_000);
    expect([counts.get(1), counts.get(2), counts.get(3)]).toEqual([5000, 3000, 2000]);
  });

  it('fills the rest when one firm is full, and moves to the next rule when all are', () => {
    const first = rule([
      { id: 1, weight: 3, capacity: 2 },
      { id: 2, weight: 1, capacity: 3 },
    ]);
    const second = rule([{ id: 9, weight: 1, capacity: 100 }], { id: 2 });
    const counts = route([first, second], 10);
    expect(Object.fromEntries(counts)).toEqual({ 1: 2, 2: 3, 9: 5 });
  });

  it('matches by region prefix, amount range and creditor, and skips excluded firms', () => {
    const r = rule(
      [
        { id: 1, weight: 1, capacity: 10 },
        { id: 2, weight: 1, capacity: 10 },
      ],
      { regionPrefixes: ['4403'], minAmountFen: 50_000, maxAmountFen: 200_000, creditorIds: [7] },
    );
    expect(chooseFirm([r], { ...aCase, regionCode: '110101' }, NONE)).toBeNull();
    expect(chooseFirm([r], { ...aCase, amountFen: 10 }, NONE)).toBeNull();
    expect(chooseFirm([r], { ...aCase, creditorId: 8 }, NONE)).toBeNull();
    expect(chooseFirm([r], aCase, new Set([1]))?.firm.lawFirmId).toBe(2);
    expect(chooseFirm([r], aCase, new Set([1, 2]))).toBeNull();
  });
});
