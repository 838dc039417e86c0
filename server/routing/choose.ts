/**
 * Which firm a case goes to, as pure functions over the rules as loaded (server/routing/store.ts):
 * the first rule that matches the case and has a firm under capacity (and not excluded) wins;
 * among that rule's eligible firms, smooth weighted round-robin (nginx's: every eligible firm's
 * current weight grows by its weight, the largest is chosen and loses the eligible total), so
 * shares follow the weights at every prefix of the sequence, not only in the long run.
 */

export interface RuleFirmState {
  lawFirmId: number;
  weight: number;
  capacity: number;
  /** The round-robin position, kept in the database between runs. */
  currentWeight: number;
  /** The open cases the firm holds (all rules share one count per firm). */
  open: { count: number };
}

export interface RuleState {
  id: number;
  name: string;
  regionPrefixes: string[];
  minAmountFen: number | null;
  maxAmountFen: number | null;
  creditorIds: number[];
  routeOnApprove: boolean;
  firms: RuleFirmState[];
}

/** What a rule reads of a case. */
export interface RoutedCase {
  regionCode: string;
  amountFen: number;
  creditorId: number | null;
}

export function ruleMatches(rule: RuleState, c: RoutedCase): boolean {
  if (rule.regionPrefixes.length > 0 && !rule.regionPrefixes.some((p) => c.regionCode.startsWith(p)))
    return false;
  if (rule.minAmountFen !== null && c.amountFen < rule.minAmountFen) return false;
  if (rule.maxAmountFen !== null && c.amountFen > rule.maxAmountFen) return false;
  if (rule.creditorIds.length > 0 && (c.creditorId === null || !rule.creditorIds.includes(c.creditorId)))
    return false;
  return true;
}

/**
 * One smooth weighted round-robin step among the rule's firms under capacity and not excluded:
 * the chosen firm's open count grows by one. Null when none is eligible (nothing changes then).
 */
export function pickFirm(rule: RuleState, excluded: ReadonlySet<number>): RuleFirmState | null {
  const eligible = rule.firms.filter((f) => f.open.count < f.capacity && !excluded.has(f.lawFirmId));
  if (eligible.length === 0) return null;
  let total = 0;
  let best: RuleFirmState | null = null;
  for (const firm of eligible) {
    firm.currentWeight += firm.weight;
    total += firm.weight;
    if (best === null || firm.currentWeight > best.currentWeight) best = firm;
  }
  const chosen = best as RuleFirmState;
  chosen.currentWeight -= total;
  chosen.open.count += 1;
  return chosen;
}

/** A step's undo, for a push the machine then refused: positions and counts as they were. */
export function snapshotRule(rule: RuleState): () => void {
  const saved = rule.firms.map((f) => [f, f.currentWeight, f.open.count] as const);
  return () => {
    for (const [f, weight, count] of saved) {
      f.currentWeight = weight;
      f.open.count = count;
    }
  };
}

/** The first matching rule with an eligible firm, and that firm; null when none. */
export function chooseFirm(
  rules: readonly RuleState[],
  c: RoutedCase,
  excluded: ReadonlySet<number>,
  only?: (rule: RuleState) => boolean,
): { rule: RuleState; firm: RuleFirmState; undo: () => void } | null {
  for (const rule of rules) {
    if ((only && !only(rule)) || !ruleMatches(rule, c)) continue;
    const undo = snapshotRule(rule);
    const firm = pickFirm(rule, excluded);
    if (firm) return { rule, firm, undo };
  }
  return null;
}
