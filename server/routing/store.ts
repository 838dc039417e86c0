import type { Kysely } from 'kysely';
import type { RoutingRule, RoutingRulesRequest } from '../../contract/routing';
import { caseTagged } from '../cases/tagged';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { fail } from '../http/errors';
import type { RuleFirmState, RuleState } from './choose';

/** The one lock every routing decision and every save of the rules takes (server/db/serialize.ts). */
export const ROUTING_LOCK = 'routing';

const parseIds = (json: string): number[] => (JSON.parse(json) as unknown[]).map(Number);
const parseTexts = (json: string): string[] => (JSON.parse(json) as unknown[]).map(String);

/** The open cases (the machine's `ongoing`) each of these firms holds now. */
export async function openCasesOf(
  db: Kysely<Database>,
  firmIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (firmIds.length === 0) return counts;
  const rows = await db
    .selectFrom('cases')
    .select(['law_firm_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('law_firm_id', 'in', [...new Set(firmIds)])
    .where(caseTagged('ongoing'))
    .groupBy('law_firm_id')
    .execute();
  for (const r of rows) if (r.law_firm_id !== null) counts.set(r.law_firm_id, Number(r.n));
  return counts;
}

/**
 * The rules in order, each with its firms that may receive pushes now (passed review, not
 * suspended), their positions and one shared open-case count per firm. Inside a routing
 * transaction: the caller holds ROUTING_LOCK, so the counts and positions stay its own until
 * `saveRuleStates` writes them back.
 */
export async function loadRuleStates(trx: Kysely<Database>): Promise<RuleState[]> {
  const [rules, firms] = await Promise.all([
    trx.selectFrom('routing_rules').selectAll().orderBy('position').orderBy('id').execute(),
    trx
      .selectFrom('routing_rule_firms as rf')
      .innerJoin('law_firms as f', 'f.id', 'rf.law_firm_id')
      .select(['rf.rule_id', 'rf.law_firm_id', 'rf.weight', 'rf.capacity', 'rf.current_weight'])
      .where('f.review_status', '=', 'passed')
      .where('f.suspended_at', 'is', null)
      .orderBy('rf.rule_id')
      .orderBy('rf.law_firm_id')
      .execute(),
  ]);
  const counts = await openCasesOf(
    trx,
    firms.map((f) => f.law_firm_id),
  );
  const shared = new Map<number, { count: number }>();
  const openOf = (id: number) => {
    const known = shared.get(id);
    if (known) return known;
    const open = { count: counts.get(id) ?? 0 };
    shared.set(id, open);
    return open;
  };
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    regionPrefixes: parseTexts(r.region_prefixes),
    minAmountFen: r.min_amount_fen === null ? null : Number(r.min_amount_fen),
    maxAmountFen: r.max_amount_fen === null ? null : Number(r.max_amount_fen),
    creditorIds: parseIds(r.creditor_ids),
    routeOnApprove: r.route_on_approve === 1,
    firms: firms
      .filter((f) => f.rule_id === r.id)
      .map(
        (f): RuleFirmState => ({
          lawFirmId: f.law_firm_id,
          weight: f.weight,
          capacity: f.capacity,
          currentWeight: Number(f.current_weight),
          open: openOf(f.law_firm_id),
        }),
      ),
  }));
}

/** Writes back the round-robin positions of the rules a run moved. */
export async function saveRuleStates(trx: Kysely<Database>, rules: readonly RuleState[]): Promise<void> {
  for (const rule of rules)
    for (const firm of rule.firms)
      await trx
        .updateTable('routing_rule_firms')
        .set({ current_weight: firm.currentWeight })
        .where('rule_id', '=', rule.id)
        .where('law_firm_id', '=', firm.lawFirmId)
        .where('current_weight', '!=', firm.currentWeight)
        .execute();
}

/** The rules as the page edits them, with each firm's name and open cases. */
export async function readRules(db: Kysely<Database>): Promise<RoutingRule[]> {
  const [rules, firms] = await Promise.all([
    db.selectFrom('routing_rules').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('routing_rule_firms as rf')
      .innerJoin('law_firms as f', 'f.id', 'rf.law_firm_id')
      .select(['rf.rule_id', 'rf.law_firm_id', 'rf.weight', 'rf.capacity', 'f.name'])
      .orderBy('rf.rule_id')
      .execute(),
  ]);
  const counts = await openCasesOf(
    db,
    firms.map((f) => f.law_firm_id),
  );
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    regionPrefixes: parseTexts(r.region_prefixes),
    minAmountFen: r.min_amount_fen === null ? null : Number(r.min_amount_fen),
    maxAmountFen: r.max_amount_fen === null ? null : Number(r.max_amount_fen),
    creditorIds: parseIds(r.creditor_ids),
    routeOnApprove: r.route_on_approve === 1,
    firms: firms
      .filter((f) => f.rule_id === r.id)
      .map((f) => ({
        lawFirmId: f.law_firm_id,
        weight: f.weight,
        capacity: f.capacity,
        lawFirmName: f.name,
        openCases: counts.get(f.law_firm_id) ?? 0,
      })),
  }));
}

/**
 * Replaces the ordered list (inside the caller's transaction, under ROUTING_LOCK): every firm
 * named must have passed review and not be suspended (400 at its field). A rule saved with its
 * `id` keeps the round-robin positions of the firms it keeps.
 */
export async function replaceRules(
  trx: Kysely<Database>,
  body: RoutingRulesRequest,
  creditorExists: (ids: number[]) => Promise<Set<number>>,
  at: string,
): Promise<void> {
  await serializeOn(trx, ROUTING_LOCK);
  const named = [...new Set(body.rules.flatMap((r) => r.firms.map((f) => f.lawFirmId)))];
  const usable = new Set(
    named.length === 0
      ? []
      : (
          await trx
            .selectFrom('law_firms')
            .select('id')
            .where('id', 'in', named)
            .where('review_status', '=', 'passed')
            .where('suspended_at', 'is', null)
            .execute()
        ).map((f) => f.id),
  );
  const creditors = await creditorExists([...new Set(body.rules.flatMap((r) => r.creditorIds ?? []))]);
  for (const [i, rule] of body.rules.entries()) {
    for (const [j, firm] of rule.firms.entries())
      if (!usable.has(firm.lawFirmId))
        throw fail.field(`rules.${i}.firms.${j}.lawFirmId`, 'routing.firmNotPassed');
    for (const [j, id] of (rule.creditorIds ?? []).entries())
      if (!creditors.has(id)) throw fail.field(`rules.${i}.creditorIds.${j}`, 'routing.creditorNotFound');
  }
  const old = await trx.selectFrom('routing_rule_firms').selectAll().execute();
  const position = new Map(old.map((f) => [`${f.rule_id}/${f.law_firm_id}`, Number(f.current_weight)]));
  // Only ids the database numbered itself are reused: a made-up one could meet its sequence later.
  const existing = await trx.selectFrom('routing_rules').select('id').execute();
  const kept = new Set(existing.map((r) => r.id));
  await trx.deleteFrom('routing_rule_firms').execute();
  await trx.deleteFrom('routing_rules').execute();
  for (const [i, rule] of body.rules.entries()) {
    const values = {
      position: i + 1,
      name: rule.name,
      region_prefixes: JSON.stringify(rule.regionPrefixes ?? []),
      min_amount_fen: rule.minAmountFen ?? null,
      max_amount_fen: rule.maxAmountFen ?? null,
      creditor_ids: JSON.stringify(rule.creditorIds ?? []),
      route_on_approve: rule.routeOnApprove ? 1 : 0,
      updated_at: at,
    };
    const { id } = await trx
      .insertInto('routing_rules')
      .values(rule.id !== undefined && kept.has(rule.id) ? { id: rule.id, ...values } : values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('routing_rule_firms')
      .values(
        rule.firms.map((f) => ({
          rule_id: id,
          law_firm_id: f.lawFirmId,
          weight: f.weight,
          capacity: f.capacity,
          current_weight: position.get(`${id}/${f.lawFirmId}`) ?? 0,
        })),
      )
      .execute();
  }
}
