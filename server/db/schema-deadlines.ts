import type { Generated } from 'kysely';

/** A deadline occurrence acted on, once (migration 0034; server/deadlines/acts.ts). */
export interface DeadlineActsTable {
  /** What kind of deadline: `push.unanswered`, `entrust.warning`, `entrust.expired`, `court.session`, `plans.overdue`. */
  kind: string;
  /** What it is about: a case id, `*` for the whole product. */
  subject: string;
  /** Which occurrence: a push id, `2026-12-31/7` (expiry day and warning), a day. */
  occurrence: string;
  acted_at: string;
  /** `host pid` of the process that acted. */
  owner: string | null;
}

/** A push its firm let lapse (migration 0034): routing never sends the case back there. */
export interface PushLapsesTable {
  push_id: number;
  case_id: number;
  law_firm_id: number;
  lapsed_at: string;
}

/** Routing rules, in order (migration 0035; server/routing/). */
export interface RoutingRulesTable {
  id: Generated<number>;
  position: number;
  name: string;
  /** JSON array of region code prefixes; empty: any region. */
  region_prefixes: string;
  min_amount_fen: number | null;
  max_amount_fen: number | null;
  /** JSON array of creditor ids; empty: any creditor. */
  creditor_ids: string;
  route_on_approve: number;
  updated_at: string;
}

/** A rule's firm with its weight, capacity and round-robin position. */
export interface RoutingRuleFirmsTable {
  rule_id: number;
  law_firm_id: number;
  weight: number;
  capacity: number;
  current_weight: Generated<number>;
}

export interface DeadlineTables {
  deadline_acts: DeadlineActsTable;
  push_lapses: PushLapsesTable;
  routing_rules: RoutingRulesTable;
  routing_rule_firms: RoutingRuleFirmsTable;
}
