import type { Kysely } from 'kysely';
import type { CaseRow, CaseTransitionRequest } from '../../contract/case-api';
import type { CaseStage, CaseStatus, CloseResult } from '../../contract/cases';
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
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { forgetCaseCounts } from './count-cache';
import { caseRowsByIds } from './rows';
import { actorOf, type CaseViewer } from './scope';
import { visibleCase } from './visible-case';

function eventOf(body: CaseTransitionRequest, actor: CaseActor): CaseEvent {
  switch (body.event) {
    case 'SUSPEND':
      return { type: 'SUSPEND', actor, reason: body.reason ?? '' };
    case 'CLOSE':
      return { type: 'CLOSE', actor, result: body.result as CloseResult };
    case 'ASSIGN':
      return { type: 'ASSIGN', actor, lawyerId: body.lawyerId ?? null, lawFirmId: body.lawFirmId ?? null };
    default:
      return { type: body.event, actor };
  }
}

function refuseUnlessAccepted(
  decision: TransitionDecision,
): asserts decision is { ok: true; next: CaseState } {
  if (!decision.ok) throw fail.conflict(decision.reason);
}

/**
 * The assignee of an ASSIGN, checked against the database: a lawyer who passed review (their
 * firm comes with them) or a firm that passed review. Asked only once the machine has let the
 * caller assign at all, so a lawyer trying to assign hears "operations only", not "no such lawyer".
 */
async function resolveAssignee(db: Kysely<Database>, body: CaseTransitionRequest) {
  if (body.lawyerId) {
    const lawyer = await db
      .selectFrom('lawyers')
      .select(['id', 'law_firm_id'])
      .where('id', '=', body.lawyerId)
      .where('review_status', '=', 'passed')
      .executeTakeFirst();
    if (!lawyer) throw fail.field('lawyerId', 'lawyer.notFound');
    if (body.lawFirmId && body.lawFirmId !== lawyer.law_firm_id) {
      throw fail.field('lawFirmId', 'case.assigneeFirmMismatch');
    }
    return { lawyerId: lawyer.id, lawFirmId: lawyer.law_firm_id };
  }
  const firm = await db
    .selectFrom('law_firms')
    .select('id')
    .where('id', '=', body.lawFirmId ?? 0)
    .where('review_status', '=', 'passed')
    .executeTakeFirst();
  if (!firm) throw fail.field('lawFirmId', 'lawfirm.notFound');
  return { lawyerId: null, lawFirmId: firm.id };
}

/** The seed's invariants, kept by every transition: the pool is at intake, a closed case is archived. */
function stageAfter(status: CaseStatus, stage: CaseStage): CaseStage {
  if (status === 'pending') return 'intake';
  if (status === 'closed') return 'archived';
  return stage === 'intake' || stage === 'archived' ? 'mediation' : stage;
}

/**
 * A firm's share of a case: accepted when a lawyer of the firm takes it or is assigned (the
 * firm's open push, if any, is accepted), pending when operations push it to the firm only.
 */
async function recordPush(
  trx: Kysely<Database>,
  push: { caseId: number; lawFirmId: number; accepted: boolean; operatorId: number; at: string },
) {
  const open = trx
    .selectFrom('case_pushes')
    .select('id')
    .where('case_id', '=', push.caseId)
    .where('law_firm_id', '=', push.lawFirmId)
    .where('push_status', '=', 'pending');
  const pending = await open.executeTakeFirst();
  if (pending && push.accepted) {
    await trx
      .updateTable('case_pushes')
      .set({ push_status: 'accepted' })
      .where('id', '=', pending.id)
      .execute();
    return;
  }
  if (pending) return;
  await trx
    .insertInto('case_pushes')
    .values({
      case_id: push.caseId,
      law_firm_id: push.lawFirmId,
      pushed_at: push.at,
      push_status: push.accepted ? 'accepted' : 'pending',
      operator_id: push.operatorId,
    })
    .execute();
}

function summaryOf(event: CaseEvent, from: CaseRow, next: CaseState): string {
  const details =
    event.type === 'SUSPEND'
      ? ` (${event.reason.trim()})`
      : event.type === 'CLOSE'
        ? ` (${event.result})`
        : event.type === 'ASSIGN' || event.type === 'TAKE'
          ? ` (lawyer ${next.lawyerId ?? '-'}, firm ${next.lawFirmId ?? '-'})`
          : '';
  return `${event.type}: ${from.status} -> ${next.status}${details}`;
}

/**
 * Runs the case status machine for one event and stores its decision under the optimistic
 * lock: the update names the version the caller read, so of two simultaneous transitions of
 * one case exactly one changes a row and the other is answered 409.
 */
export async function applyTransition(
  app: AppContext,
  who: { caller: Caller; viewer: CaseViewer; requestId: string },
  id: number,
  body: CaseTransitionRequest,
): Promise<CaseRow> {
  const current = await visibleCase(app.db, who.viewer, id);
  if (body.version !== current.version) throw fail.conflict('case.staleVersion');
  const state: CaseState = {
    status: current.status,
    lawyerId: current.lawyerId,
    lawFirmId: current.lawFirmId,
    result: current.closeResult,
    suspendReason: current.suspendReason,
  };
  const actor = actorOf(who.viewer);
  let event = eventOf(body, actor);
  let decision = decideTransition(state, event);
  refuseUnlessAccepted(decision);
  if (event.type === 'ASSIGN') {
    event = { ...event, ...(await resolveAssignee(app.db, body)) };
    decision = decideTransition(state, event);
    refuseUnlessAccepted(decision);
  }
  const next = decision.next;
  const now = app.clock.now();
  const at = now.toISOString();
  await app.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('cases')
      .set({
        status: next.status,
        lawyer_id: next.lawyerId,
        law_firm_id: next.lawFirmId,
        close_result: next.result ?? null,
        suspend_reason: next.suspendReason ?? null,
        stage: stageAfter(next.status, current.stage),
        updated_at: at,
        version: current.version + 1,
      })
      .where('id', '=', id)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict('case.staleVersion');
    if ((event.type === 'TAKE' || event.type === 'ASSIGN') && next.lawFirmId !== null) {
      await recordPush(trx, {
        caseId: id,
        lawFirmId: next.lawFirmId,
        accepted: next.lawyerId !== null,
        operatorId: who.caller.userId,
        at,
      });
    }
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `case.${event.type.toLowerCase()}`,
        entity: 'case',
        entityId: id,
        summary: summaryOf(event, current, next),
      },
    );
  });
  forgetCaseCounts(app.db);
  const [row] = await caseRowsByIds(app.db, [id], who.viewer);
  return row;
}
