import type { Kysely } from 'kysely';
import type { CaseRow } from '../../contract/case-api';
import type { Language, MessageKey } from '../../contract/messages';
import { translate } from '../../contract/messages';
import type { RouteResult } from '../../contract/routing';
import { casePlace, SYSTEM } from '../../machines/caseStatusMachine';
import { forgetCaseCounts } from '../cases/count-cache';
import { caseRowsByIds } from '../cases/rows';
import { type DecidedBy, decide, storeTransition, TRANSITION_COLUMNS } from '../cases/transitions';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { ApiError, fail } from '../http/errors';
import { afterCommit, transact } from '../notifications/bus';
import { firmContacts, notify } from '../notifications/notify';
import { chooseFirm, type RoutedCase, type RuleState } from './choose';
import { loadRuleStates, ROUTING_LOCK, saveRuleStates } from './store';

/** What a rule reads of stored cases: region and amount from their rows, the creditor from `cases.creditor_id`. */
export async function routedCases(
  db: Kysely<Database>,
  rows: readonly CaseRow[],
): Promise<Map<number, RoutedCase>> {
  const creditors =
    rows.length === 0
      ? []
      : await db
          .selectFrom('cases')
          .select(['id', 'creditor_id'])
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  const creditorOf = new Map(creditors.map((c) => [c.id, c.creditor_id]));
  return new Map(
    rows.map((r) => [
      r.id,
      { regionCode: r.regionCode, amountFen: r.amountFen, creditorId: creditorOf.get(r.id) ?? null },
    ]),
  );
}

/** The firms that let a push of each case lapse (server/deadlines/): never routed there again. */
export async function lapsedFirms(
  db: Kysely<Database>,
  caseIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const lapsed = new Map<number, Set<number>>();
  if (caseIds.length === 0) return lapsed;
  const rows = await db
    .selectFrom('push_lapses')
    .select(['case_id', 'law_firm_id'])
    .where('case_id', 'in', [...caseIds])
    .execute();
  for (const r of rows) {
    const firms = lapsed.get(r.case_id) ?? new Set<number>();
    firms.add(r.law_firm_id);
    lapsed.set(r.case_id, firms);
  }
  return lapsed;
}

export const NONE: ReadonlySet<number> = new Set();

/**
 * Pushes one pooled case to the firm the rules choose (the machine's PUSH, as `by`), inside a
 * transaction that holds ROUTING_LOCK with `rules` loaded in it. Answers the firm, or throws
 * the refusal (an ApiError) with the rules' positions as they were.
 */
export async function pushByRules(
  trx: Kysely<Database>,
  app: AppContext,
  by: DecidedBy,
  row: CaseRow,
  rules: readonly RuleState[],
  options: { routed: RoutedCase; excluded: ReadonlySet<number>; onApproveOnly?: boolean; notify: boolean },
): Promise<number> {
  if (casePlace(row) !== 'pool') throw fail.conflict('routing.notInPool');
  const choice = chooseFirm(
    rules,
    options.routed,
    options.excluded,
    options.onApproveOnly ? (rule) => rule.routeOnApprove : undefined,
  );
  if (!choice) throw fail.conflict('routing.noFirm');
  try {
    const decided = await decide(trx, row, {
      type: 'PUSH',
      actor: by.actor,
      lawFirmId: choice.firm.lawFirmId,
    });
    await storeTransition(trx, app, by, row, decided, { notify: options.notify });
  } catch (error) {
    choice.undo();
    throw error;
  }
  return choice.firm.lawFirmId;
}

/**
 * `POST /api/cases/route` and the bulk jobs' route action: every case named is pushed through
 * the rules by `by` (each push the machine's PUSH, audited as if done by hand), all in one
 * transaction under ROUTING_LOCK, so routing runs of several processes queue and never pass a
 * capacity nor skew the shares. A refused case stops no other. Each firm that received cases
 * gets one message for the run (`routing.pushed`), not one per case.
 */
export async function routeCases(
  app: AppContext,
  caseIds: readonly number[],
  by: DecidedBy,
  lang: Language = 'zh-CN',
): Promise<RouteResult> {
  const ids = [...new Set(caseIds)];
  const list = await transact(app.db, async (trx) => {
    await serializeOn(trx, ROUTING_LOCK);
    const rules = await loadRuleStates(trx);
    const [rows, lapsed] = await Promise.all([caseRowsByIds(trx, ids, null), lapsedFirms(trx, ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const routed = await routedCases(trx, rows);
    const received = new Map<number, string[]>();
    const results: RouteResult['list'] = [];
    for (const id of ids) {
      const row = byId.get(id);
      try {
        if (!row) throw fail.notFound('case.notFound');
        const firm = await pushByRules(trx, app, by, row, rules, {
          routed: routed.get(id) as RoutedCase,
          excluded: lapsed.get(id) ?? NONE,
          notify: false,
        });
        received.set(firm, [...(received.get(firm) ?? []), row.caseNo]);
        results.push({ caseId: id, caseNo: row.caseNo, ok: true, lawFirmId: firm });
      } catch (error) {
        if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
        const params = error.params as Record<string, string | number>;
        results.push({
          caseId: id,
          ...(row ? { caseNo: row.caseNo } : {}),
          ok: false,
          lawFirmId: null,
          code: error.messageKey,
          reason: translate(lang, error.messageKey as MessageKey, params),
          ...(Object.keys(params).length ? { params } : {}),
        });
      }
    }
    await saveRuleStates(trx, rules);
    const now = app.clock.now();
    for (const [firm, caseNos] of received)
      await notify(
        trx,
        await firmContacts(trx, firm),
        {
          kind: 'routing.pushed',
          params: { count: caseNos.length, caseNo: caseNos[0] ?? '' },
          link: '/form/casefirm',
        },
        now,
      );
    if (received.size > 0) afterCommit(trx, () => forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS }));
    return results;
  });
  const succeeded = list.filter((r) => r.ok).length;
  return { list, succeeded, refused: list.length - succeeded };
}

/**
 * A case review just approved, routed at once by the first rule that routes on approval and
 * matches it with a firm under capacity (a system PUSH); nothing when none does. Answers the firm.
 */
export async function routeOnApproval(
  app: AppContext,
  caseId: number,
  requestId: string | null,
): Promise<number | null> {
  const routed = await transact(app.db, async (trx) => {
    await serializeOn(trx, ROUTING_LOCK);
    const rules = await loadRuleStates(trx);
    if (!rules.some((r) => r.routeOnApprove)) return null;
    const [row] = await caseRowsByIds(trx, [caseId], null);
    if (!row || casePlace(row) !== 'pool') return null;
    const lapsed = (await lapsedFirms(trx, [caseId])).get(caseId) ?? NONE;
    try {
      const firm = await pushByRules(trx, app, { actor: SYSTEM, caller: null, requestId }, row, rules, {
        routed: (await routedCases(trx, [row])).get(row.id) as RoutedCase,
        excluded: lapsed,
        onApproveOnly: true,
        notify: true,
      });
      await saveRuleStates(trx, rules);
      return firm;
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus < 500) return null;
      throw error;
    }
  });
  if (routed !== null) forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS });
  return routed;
}

/**
 * After a push lapsed (server/deadlines/pushes.ts, inside its transaction, which holds
 * ROUTING_LOCK): the pooled case goes to the next firm by the rules, never one in `excluded`
 * (the firms that let it lapse), as a system PUSH. Answers the firm, or null (it stays pooled).
 */
export async function routeAfterLapse(
  trx: Kysely<Database>,
  app: AppContext,
  row: CaseRow,
  excluded: ReadonlySet<number>,
  /** False when the caller tells the next firm itself (the deadline sweep's digest: once per pass). */
  tellFirm = true,
): Promise<number | null> {
  const rules = await loadRuleStates(trx);
  try {
    const firm = await pushByRules(trx, app, { actor: SYSTEM, caller: null, requestId: null }, row, rules, {
      routed: (await routedCases(trx, [row])).get(row.id) as RoutedCase,
      excluded,
      notify: tellFirm,
    });
    await saveRuleStates(trx, rules);
    return firm;
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus < 500) return null;
    throw error;
  }
}
