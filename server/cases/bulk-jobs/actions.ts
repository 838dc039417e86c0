/**
 * What a bulk job can do to each case, as a registry with one door: each action names the
 * ability its starter's role must hold, checks the job's details once, and does one case inside
 * the batch's transaction, refusing it by throwing an ApiError (its message key is the case's
 * reason); an action that can do a whole batch at once (`runBatch`) answers each case's outcome
 * instead. push, assign and close are the case machine's PUSH, ASSIGN and CLOSE, a batch at a
 * time (one read of the batch's cases, the machine in memory, the writes of
 * `storeTransitions`); `route` is
 * registered by the routing engine when it is there (`registerBulkAction('route', ...)`);
 * until then starting it is answered 409 `bulk.routeUnavailable`.
 */
import type { Kysely } from 'kysely';
import type { Ability } from '../../../contract/access';
import type { BulkJobAction, BulkJobRequest } from '../../../contract/bulk-jobs';
import type { CaseTransitionRequest } from '../../../contract/case-api';
import type { MessageKey } from '../../../contract/messages';
import { EVENT_ABILITY } from '../../../machines/caseStatusMachine';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { type ApiError, fail } from '../../http/errors';
import { transact } from '../../notifications/bus';
import { firmContacts, notify } from '../../notifications/notify';
import { transitionEach, type Who } from '../transitions';
import { visibleCases } from '../visible-case';

/** What became of one case of a batch: done (its number), or refused with the reason. */
export type CaseOutcome =
  | { caseId: number; ok: true; caseNo: string }
  | { caseId: number; ok: false; refusal: ApiError };

/** The details a job keeps (`bulk_jobs.parameters`). */
export type BulkDetails = Pick<BulkJobRequest, 'lawFirmId' | 'lawyerId' | 'result'>;

export interface BulkAction {
  /** The ability the starter's role must hold to start the job at all; each case is judged on its own too. */
  ability: Ability;
  /** The details the action needs, checked once when the job is started (400), as they are kept. */
  details(body: BulkJobRequest): BulkDetails;
  /** One case, as `who`, inside the batch's transaction; answers the case's number. */
  run(
    trx: Kysely<Database>,
    app: AppContext,
    who: Who,
    caseId: number,
    details: BulkDetails,
  ): Promise<string>;
  /**
   * A whole batch inside its transaction, each case's outcome in the order of `caseIds`. Its
   * refusals write nothing; a write that fails throws, and the batch is then done again case
   * by case with `run` (each case in a savepoint of its own).
   */
  runBatch?(
    trx: Kysely<Database>,
    app: AppContext,
    who: Who,
    caseIds: readonly number[],
    details: BulkDetails,
  ): Promise<CaseOutcome[]>;
  /**
   * After the job's last batch (done, failed or stopped), with the same `details` object every
   * case of the job was given: what is said once per job (routing's one message per firm).
   */
  finish?(app: AppContext, details: BulkDetails): Promise<void>;
}

const registry = new Map<BulkJobAction, BulkAction>();

/** The cases a push job pushed so far, by the job's details object (one per running job). */
const pushedOf = new WeakMap<BulkDetails, string[]>();

/** Adds an action; a second registration of one name is a bug. */
export function registerBulkAction(name: BulkJobAction, action: BulkAction): void {
  if (registry.has(name)) throw new Error(`bulk action ${name} is registered twice`);
  registry.set(name, action);
}

/** The refusal for an action nobody registered (yet). */
const UNAVAILABLE: Partial<Record<BulkJobAction, MessageKey>> = { route: 'bulk.routeUnavailable' };

/** The registered action, or 409 with the reason it is not there. */
export function bulkAction(name: BulkJobAction): BulkAction {
  const action = registry.get(name);
  if (!action) throw fail.conflict(UNAVAILABLE[name] ?? 'bulk.routeUnavailable');
  return action;
}

/** A case machine event for every case, with the details of a single transition. */
function transitionAction(
  event: 'PUSH' | 'ASSIGN' | 'CLOSE',
  details: (body: BulkJobRequest) => BulkDetails,
): BulkAction {
  const runBatch: NonNullable<BulkAction['runBatch']> = async (trx, app, who, caseIds, kept) => {
    const found = await visibleCases(trx, who.viewer, caseIds);
    const rows = caseIds.flatMap((id) => found.get(id) ?? []);
    const body: Omit<CaseTransitionRequest, 'version'> = { event, ...kept };
    // A push tells the firm once for the whole job (finish), not once per case.
    const decided = await transitionEach(trx, app, who, rows, body, { notify: event !== 'PUSH' });
    const byId = new Map(decided.map((d) => [d.row.id, d]));
    if (event === 'PUSH') {
      const pushed = pushedOf.get(kept) ?? [];
      for (const d of decided) if (d.ok) pushed.push(d.row.caseNo);
      pushedOf.set(kept, pushed);
    }
    return caseIds.map((caseId): CaseOutcome => {
      const d = byId.get(caseId);
      if (!d) return { caseId, ok: false, refusal: fail.notFound('case.notFound') };
      return d.ok ? { caseId, ok: true, caseNo: d.row.caseNo } : { caseId, ok: false, refusal: d.refusal };
    });
  };
  return {
    ability: EVENT_ABILITY[event],
    details,
    runBatch,
    async run(trx, app, who, caseId, kept) {
      const [outcome] = await runBatch(trx, app, who, [caseId], kept);
      if (!outcome.ok) throw outcome.refusal;
      return outcome.caseNo;
    },
    async finish(app, kept) {
      const pushed = pushedOf.get(kept);
      pushedOf.delete(kept);
      if (event !== 'PUSH' || !pushed?.length || kept.lawFirmId === undefined) return;
      const firm = kept.lawFirmId;
      await transact(app.db, async (trx) =>
        notify(
          trx,
          await firmContacts(trx, firm),
          {
            kind: 'bulk.pushed',
            params: { count: pushed.length, caseNo: pushed[0] },
            link: '/form/casefirm',
          },
          app.clock.now(),
        ),
      );
    },
  };
}

registerBulkAction(
  'push',
  transitionAction('PUSH', (b) => {
    if (b.lawFirmId === undefined) throw fail.field('lawFirmId', 'bulk.lawFirmRequired');
    return { lawFirmId: b.lawFirmId };
  }),
);
registerBulkAction(
  'assign',
  transitionAction('ASSIGN', (b) => {
    if (b.lawyerId === undefined) throw fail.field('lawyerId', 'bulk.lawyerRequired');
    return { lawyerId: b.lawyerId };
  }),
);
registerBulkAction(
  'close',
  transitionAction('CLOSE', (b) => {
    if (b.result === undefined) throw fail.field('result', 'bulk.resultRequired');
    return { result: b.result };
  }),
);
