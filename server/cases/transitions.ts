import type { Kysely } from 'kysely';
import type { CaseRow, CaseTransitionRequest } from '../../contract/case-api';
import type { CaseStage, CloseResult } from '../../contract/cases';
import {
  OPEN_PUSH_STATUSES,
  type PushRecordChange,
  WAITING_PUSH_STATUS,
} from '../../machines/casePushRecords';
import {
  type CaseActor,
  type CaseEvent,
  type CaseState,
  decideTransition,
  type TransitionDecision,
} from '../../machines/caseStatusMachine';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError, fail } from '../http/errors';
import type { Caller } from '../http/route';
import { transact } from '../notifications/bus';
import { type CaseColumn, forgetCaseCounts } from './count-cache';
import { caseRowsByIds } from './rows';
import { actorOf, type CaseViewer } from './scope';
import { transitionAuditEntry } from './transition-audit';
import { notifyNext } from './transition-notices';
import { visibleCase } from './visible-case';

export type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

/** Who decided, as the writes record it: a person (their session) or the system. */
export type DecidedBy = { actor: CaseActor; caller: Caller | null; requestId: string | null };

const byPerson = (who: Who): DecidedBy => ({
  actor: actorOf(who.viewer),
  caller: who.caller,
  requestId: who.requestId,
});

function eventOf(body: CaseTransitionRequest, actor: CaseActor): CaseEvent {
  switch (body.event) {
    case 'RETURN':
    case 'DECLINE':
    case 'SUSPEND':
      return { type: body.event, actor, reason: body.reason ?? '' };
    case 'PUSH':
      return { type: 'PUSH', actor, lawFirmId: body.lawFirmId ?? null };
    case 'CLOSE':
      return { type: 'CLOSE', actor, result: body.result as CloseResult };
    case 'ASSIGN':
      return { type: 'ASSIGN', actor, lawyerId: body.lawyerId ?? null, lawFirmId: null };
    default:
      return { type: body.event, actor };
  }
}

type Accepted = Extract<TransitionDecision, { ok: true }>;

export function refuseUnlessAccepted(decision: TransitionDecision): asserts decision is Accepted {
  if (!decision.ok) throw fail.conflict(decision.reason, decision.params);
}

/**
 * What an ASSIGN or PUSH names, checked against the database once the machine has let the
 * caller do it at all (so a lawyer trying to push hears "not permitted", not "no such firm"):
 * a lawyer who passed review and is not suspended, whose firm comes with them, or a firm that
 * passed review and is not suspended.
 */
async function resolveNamed(db: Kysely<Database>, event: CaseEvent): Promise<CaseEvent> {
  if (event.type === 'ASSIGN' && event.lawyerId != null) {
    const lawyer = await db
      .selectFrom('lawyers')
      .select(['id', 'law_firm_id'])
      .where('id', '=', event.lawyerId)
      .where('review_status', '=', 'passed')
      .where('suspended_at', 'is', null)
      .executeTakeFirst();
    if (!lawyer) throw fail.field('lawyerId', 'lawyer.notFound');
    return { ...event, lawFirmId: lawyer.law_firm_id };
  }
  if (event.type === 'PUSH' && event.lawFirmId != null) {
    const firm = await db
      .selectFrom('law_firms')
      .select(['id', 'suspended_at'])
      .where('id', '=', event.lawFirmId)
      .where('review_status', '=', 'passed')
      .executeTakeFirst();
    if (!firm) throw fail.field('lawFirmId', 'lawfirm.notFound');
    // A suspended firm gets no more pushes (server/reviews/suspension.ts).
    if (firm.suspended_at !== null) throw fail.field('lawFirmId', 'lawfirm.suspended');
  }
  return event;
}

/**
 * Applies the push record changes the machine decided (machines/casePushRecords.ts) to the
 * case's rows of `case_pushes`, in the transition's transaction.
 */
async function applyPushChanges(
  trx: Kysely<Database>,
  change: { caseId: number; changes: PushRecordChange[]; operatorId: number | null; at: string },
) {
  const { caseId, changes, operatorId, at } = change;
  const open = (firmId: number | null) => {
    let q = trx
      .updateTable('case_pushes')
      .where('case_id', '=', caseId)
      .where('push_status', 'in', OPEN_PUSH_STATUSES);
    if (firmId !== null) q = q.where('law_firm_id', '=', firmId);
    return q;
  };
  const waiting = (firmId: number) => open(firmId).where('push_status', '=', WAITING_PUSH_STATUS);
  const insert = (firmId: number, status: 'pushed' | 'accepted') =>
    trx
      .insertInto('case_pushes')
      .values({
        case_id: caseId,
        law_firm_id: firmId,
        pushed_at: at,
        push_status: status,
        operator_id: operatorId,
      })
      .execute();
  for (const c of changes) {
    if (c.kind === 'withdraw') {
      await open(c.lawFirmId).set({ push_status: 'withdrawn', answered_at: at }).execute();
    } else if (c.kind === 'open') {
      await insert(c.lawFirmId, 'pushed');
    } else if (c.kind === 'answer') {
      await waiting(c.lawFirmId)
        .set({ push_status: c.status, answered_at: at, ...(c.reason === null ? {} : { reason: c.reason }) })
        .execute();
    } else {
      const accepted = await waiting(c.lawFirmId)
        .set({ push_status: 'accepted', answered_at: at })
        .executeTakeFirst();
      if (Number(accepted.numUpdatedRows) > 0) continue;
      const alreadyAccepted = await trx
        .selectFrom('case_pushes')
        .select('id')
        .where('case_id', '=', caseId)
        .where('law_firm_id', '=', c.lawFirmId)
        .where('push_status', '=', 'accepted')
        .executeTakeFirst();
      if (!alreadyAccepted) await insert(c.lawFirmId, 'accepted');
    }
  }
}

/**
 * Runs the case status machine for one event and stores its decision under the optimistic
 * lock: the update names the version the caller read, so of two simultaneous transitions of
 * one case exactly one changes a row and the other is answered 409. The case, its push
 * records, the audit row and the messages to whoever acts next land together.
 */
export async function applyTransition(
  app: AppContext,
  who: Who,
  id: number,
  body: CaseTransitionRequest,
): Promise<CaseRow> {
  const current = await visibleCase(app.db, who.viewer, id);
  if (body.version !== current.version) throw await staleCase(app.db, id);
  const decided = await decide(app.db, current, eventOf(body, actorOf(who.viewer)));
  try {
    await transact(app.db, (trx) => storeTransition(trx, app, byPerson(who), current, decided));
  } catch (error) {
    // Someone else's change landed between the read and the write: say whose, as above.
    if (error instanceof ApiError && error.messageKey === 'case.staleVersion')
      throw await staleCase(app.db, id);
    throw error;
  }
  forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS });
  const [row] = await caseRowsByIds(app.db, [id], who.viewer);
  return row;
}

/**
 * One transition inside the caller's transaction (a step of a bulk job's batch), on the case as
 * read in it, at its current version: decided by the machine and stored exactly as by hand.
 * A refusal throws before anything is written, so the batch's other cases stand.
 */
export async function transitionWithin(
  trx: Kysely<Database>,
  app: AppContext,
  who: Who,
  current: CaseRow,
  body: Omit<CaseTransitionRequest, 'version'>,
  options: { notify?: boolean } = {},
): Promise<void> {
  const decided = await decide(
    trx,
    current,
    eventOf({ ...body, version: current.version }, actorOf(who.viewer)),
  );
  await storeTransition(trx, app, byPerson(who), current, decided, options);
}

/**
 * The 409 for a decision taken on an older version of a case (a push answer, any transition):
 * `data: {version, savedBy, savedAt}`: the version now stored, who changed the case last (the
 * newest audit entry about it; null when that was the system) and when, so the screen can
 * reload and say so.
 */
export async function staleCase(db: Kysely<Database>, id: number): Promise<ApiError> {
  const [stored, last] = await Promise.all([
    db.selectFrom('cases').select(['version', 'updated_at']).where('id', '=', id).executeTakeFirst(),
    db
      .selectFrom('audit_log as l')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .select(['l.actor_id', 'u.name'])
      .where('l.entity', '=', 'case')
      .where('l.entity_id', '=', String(id))
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return fail.conflict('case.staleVersion', {}, undefined, {
    version: stored?.version ?? null,
    savedBy: last?.actor_id ? { id: last.actor_id, name: last.name ?? '' } : null,
    savedAt: stored?.updated_at ?? null,
  });
}

/** A stored case as the machine reads it. */
export function stateOfRow(current: CaseRow): CaseState {
  return {
    status: current.status,
    position: current.position,
    lawyerId: current.lawyerId,
    lawFirmId: current.lawFirmId,
    result: current.closeResult,
    suspendReason: current.suspendReason,
    returnReason: current.returnReason,
    stage: current.stage,
  };
}

/** What the machine decided for an event: the event (with what it names resolved), the next state and the push changes. */
export type Decided = { event: CaseEvent; next: Accepted['next']; pushes: PushRecordChange[] };

/** The machine's decision for an event on a stored case, with what the event names resolved. */
export async function decide(db: Kysely<Database>, current: CaseRow, event: CaseEvent): Promise<Decided> {
  const state = stateOfRow(current);
  let decision = decideTransition(state, event);
  refuseUnlessAccepted(decision);
  const resolved = await resolveNamed(db, event);
  if (resolved !== event) {
    decision = decideTransition(state, resolved);
    refuseUnlessAccepted(decision);
  }
  return { event: resolved, next: decision.next, pushes: decision.pushes };
}

/** The columns of `cases` a transition writes (besides updated_at and version): what the count cache forgets. */
export const TRANSITION_COLUMNS = [
  'status',
  'position',
  'lawyer_id',
  'law_firm_id',
  'close_result',
  'suspend_reason',
  'return_reason',
  'stage',
] as const satisfies readonly CaseColumn[];

/**
 * Writes a decided transition (inside the caller's transaction): case, pushes, audit, messages.
 * `notify: false` leaves the messages to the caller (a routing run tells each firm once).
 */
export async function storeTransition(
  trx: Kysely<Database>,
  app: AppContext,
  by: DecidedBy,
  current: CaseRow,
  decided: Decided,
  options: { notify?: boolean } = {},
) {
  const { event, next } = decided;
  const now = app.clock.now();
  const at = now.toISOString();
  const changes = {
    status: next.status,
    position: next.status === 'pending' ? (next.position ?? 'pool') : null,
    lawyer_id: next.lawyerId,
    law_firm_id: next.lawFirmId,
    close_result: next.result ?? null,
    suspend_reason: next.suspendReason ?? null,
    return_reason: next.returnReason ?? null,
    stage: next.stage as CaseStage,
  } satisfies Record<(typeof TRANSITION_COLUMNS)[number], unknown>;
  const updated = await trx
    .updateTable('cases')
    .set({ ...changes, updated_at: at, version: current.version + 1 })
    .where('id', '=', current.id)
    .where('version', '=', current.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict('case.staleVersion');
  await applyPushChanges(trx, {
    caseId: current.id,
    changes: decided.pushes,
    operatorId: by.caller?.userId ?? null,
    at,
  });
  await recordAudit(
    trx,
    { caller: by.caller, requestId: by.requestId, at: now, actorRole: by.actor.role },
    transitionAuditEntry({ id: current.id, caseNo: current.caseNo }, event, current, next),
  );
  if (options.notify === false) return;
  const creator = await trx
    .selectFrom('cases')
    .select('created_by')
    .where('id', '=', current.id)
    .executeTakeFirst();
  await notifyNext(trx, { event, from: current, next, createdBy: creator?.created_by ?? null, at: now });
}
