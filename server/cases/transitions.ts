import type { Kysely } from 'kysely';
import type { CaseRow, CaseTransitionRequest } from '../../contract/case-api';
import type { CaseStage, CloseResult } from '../../contract/cases';
import type { PushRecordChange } from '../../machines/casePushRecords';
import {
  type CaseActor,
  type CaseEvent,
  type CaseState,
  decideTransition,
  type TransitionDecision,
} from '../../machines/caseStatusMachine';
import { auditRow } from '../audit/audit';
import type { AppContext } from '../context';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/schema';
import { ApiError, fail } from '../http/errors';
import type { Caller } from '../http/route';
import { transact } from '../notifications/bus';
import { type CaseColumn, forgetCaseCounts } from './count-cache';
import { applyPushChanges } from './push-changes';
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
  if (!decision.ok) throw refusalOf(decision);
}

/** The 409 of a machine's refusal: its reason is the message key. */
function refusalOf(decision: Extract<TransitionDecision, { ok: false }>): ApiError {
  return fail.conflict(decision.reason, decision.params);
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
 * One event for many cases inside the caller's transaction (a bulk job's batch), on the cases
 * as read in it, at their current versions: each decided by the machine as `who` and the
 * accepted ones stored together exactly as by hand (storeTransitions). A refusal is that
 * case's answer and writes nothing; a failed write (a case changed meanwhile) throws, and the
 * caller may go case by case.
 */
export async function transitionEach(
  trx: Kysely<Database>,
  app: AppContext,
  who: Who,
  rows: readonly CaseRow[],
  body: Omit<CaseTransitionRequest, 'version'>,
  options: { notify?: boolean } = {},
): Promise<Array<Decision & { row: CaseRow }>> {
  const event = eventOf({ ...body, version: 0 }, actorOf(who.viewer));
  const decisions = await decideEach(trx, rows, event);
  const accepted = decisions.flatMap((d, i) => (d.ok ? [{ current: rows[i], decided: d.decided }] : []));
  await storeTransitions(trx, app, byPerson(who), accepted, options);
  return decisions.map((d, i) => ({ ...d, row: rows[i] }));
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

/** The machine's answer for one case: what it decided, or the refusal (an ApiError, 409 or 400). */
export type Decision = { ok: true; decided: Decided } | { ok: false; refusal: ApiError };

/** The machine's decision for an event on a stored case, with what the event names resolved. */
export async function decide(db: Kysely<Database>, current: CaseRow, event: CaseEvent): Promise<Decided> {
  const [decision] = await decideEach(db, [current], event);
  if (!decision.ok) throw decision.refusal;
  return decision.decided;
}

/**
 * The machine's decision for one event on each of many stored cases. What the event names (a
 * firm, a lawyer) is checked once, when the first case gets past the machine, and its refusal
 * is the answer of every case that got that far. The machine is a pure function of the case's
 * state and the event, so cases standing in the same state are decided once.
 */
export async function decideEach(
  db: Kysely<Database>,
  rows: readonly CaseRow[],
  event: CaseEvent,
): Promise<Decision[]> {
  const known = new Map<string, TransitionDecision>();
  const machine = (state: CaseState, e: CaseEvent) => {
    const key = JSON.stringify([state, e]);
    let decision = known.get(key);
    if (!decision) {
      decision = decideTransition(state, e);
      known.set(key, decision);
    }
    return decision;
  };
  let named: { event: CaseEvent } | { refusal: ApiError } | undefined;
  const out: Decision[] = [];
  for (const row of rows) {
    const state = stateOfRow(row);
    let decision = machine(state, event);
    if (!decision.ok) {
      out.push({ ok: false, refusal: refusalOf(decision) });
      continue;
    }
    named ??= await resolveNamed(db, event).then(
      (resolved) => ({ event: resolved }),
      (error) => {
        if (error instanceof ApiError && error.httpStatus < 500) return { refusal: error };
        throw error;
      },
    );
    if ('refusal' in named) {
      out.push({ ok: false, refusal: named.refusal });
      continue;
    }
    if (named.event !== event) decision = machine(state, named.event);
    if (!decision.ok) out.push({ ok: false, refusal: refusalOf(decision) });
    else
      out.push({ ok: true, decided: { event: named.event, next: decision.next, pushes: decision.pushes } });
  }
  return out;
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
  await storeTransitions(trx, app, by, [{ current, decided }], options);
}

/** A case as read and what the machine decided for it. */
export type DecidedCase = { current: CaseRow; decided: Decided };

/**
 * Writes decided transitions of many cases (inside the caller's transaction), as few statements
 * as the cases' outcomes differ: one `UPDATE ... WHERE id IN (...) AND version = ?` per target
 * state and version read (each under the version guard: a case changed meanwhile makes the
 * count short and the whole call throws `case.staleVersion`), the push records by change
 * (push-changes.ts), the audit rows in one multi-row insert, then each case's messages.
 */
export async function storeTransitions(
  trx: Kysely<Database>,
  app: AppContext,
  by: DecidedBy,
  cases: readonly DecidedCase[],
  options: { notify?: boolean } = {},
) {
  if (cases.length === 0) return;
  const now = app.clock.now();
  const at = now.toISOString();
  const updates = new Map<string, { changes: Partial<TransitionChanges>; version: number; ids: number[] }>();
  for (const { current, decided } of cases) {
    const changes = changedColumns(current, transitionChanges(decided.next));
    const key = JSON.stringify([changes, current.version]);
    const update = updates.get(key) ?? { changes, version: current.version, ids: [] };
    update.ids.push(current.id);
    updates.set(key, update);
  }
  for (const { changes, version, ids } of updates.values()) {
    const updated = await trx
      .updateTable('cases')
      .set({ ...changes, updated_at: at, version: version + 1 })
      .where('id', 'in', ids)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== ids.length) throw fail.conflict('case.staleVersion');
  }
  await applyPushChanges(
    trx,
    cases.map((c) => ({ caseId: c.current.id, changes: c.decided.pushes })),
    { operatorId: by.caller?.userId ?? null, at },
  );
  const who = { caller: by.caller, requestId: by.requestId, at: now, actorRole: by.actor.role };
  await bulkInsert(
    trx,
    'audit_log',
    cases.map(({ current, decided }) =>
      auditRow(
        who,
        transitionAuditEntry(
          { id: current.id, caseNo: current.caseNo },
          decided.event,
          current,
          decided.next,
        ),
      ),
    ),
  );
  if (options.notify === false) return;
  const creators = await trx
    .selectFrom('cases')
    .select(['id', 'created_by'])
    .where(
      'id',
      'in',
      cases.map((c) => c.current.id),
    )
    .execute();
  const createdBy = new Map(creators.map((c) => [c.id, c.created_by]));
  for (const { current, decided } of cases)
    await notifyNext(trx, {
      event: decided.event,
      from: current,
      next: decided.next,
      createdBy: createdBy.get(current.id) ?? null,
      at: now,
    });
}

type TransitionChanges = ReturnType<typeof transitionChanges>;

/**
 * The columns whose value the transition changes, as stored when the case was read (the version
 * guard makes sure it still is): SQLite rewrites every index on a column an UPDATE sets, changed
 * or not, and `cases` has two dozen. The position is always written: the row reads a pending
 * case's missing position as the pool.
 */
function changedColumns(current: CaseRow, changes: TransitionChanges): Partial<TransitionChanges> {
  const stored: Omit<TransitionChanges, 'position'> = {
    status: current.status,
    lawyer_id: current.lawyerId,
    law_firm_id: current.lawFirmId,
    close_result: current.closeResult,
    suspend_reason: current.suspendReason,
    return_reason: current.returnReason,
    stage: current.stage,
  };
  const changed: Partial<TransitionChanges> = { position: changes.position };
  for (const column of Object.keys(stored) as Array<keyof typeof stored>)
    if (stored[column] !== changes[column]) Object.assign(changed, { [column]: changes[column] });
  return changed;
}

/** The columns a decided next state writes. */
function transitionChanges(next: Accepted['next']) {
  return {
    status: next.status,
    position: next.status === 'pending' ? (next.position ?? 'pool') : null,
    lawyer_id: next.lawyerId,
    law_firm_id: next.lawFirmId,
    close_result: next.result ?? null,
    suspend_reason: next.suspendReason ?? null,
    return_reason: next.returnReason ?? null,
    stage: next.stage as CaseStage,
  } satisfies Record<(typeof TRANSITION_COLUMNS)[number], unknown>;
}
