import type { Insertable } from 'kysely';
import type { CloseResult } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import {
  type CaseActor,
  type CaseEvent,
  type CaseEventType,
  type CaseState,
  caseStateName,
  REPLAY_START,
  replayStep,
  SYSTEM,
  stateOfName,
} from '../../machines';
import { auditRow } from '../audit/audit';
import { transitionAuditEntry } from '../cases/transition-audit';
import type { AuditLogTable } from '../db/schema';

/**
 * The audit trail of a seeded case: the transitions that brought it where the seed put it,
 * written as the product writes them (server/cases/transition-audit.ts), so `npm run
 * check:cases` and the inspector's replay find the demo data consistent. Each step's next
 * state is the case machine's (machines/caseReplay.ts); who acted and the variations (a case
 * returned once and resubmitted, a suspension resumed) are derived from the case's id, not
 * drawn, so the rest of the demo data stays the same.
 */

export interface SeededCase {
  id: number;
  case_no: string;
  status: CaseState['status'];
  position?: string | null;
  lawyer_id?: number | null;
  law_firm_id?: number | null;
  close_result?: CloseResult | null;
  suspend_reason?: string | null;
  created_at: string;
  updated_at: string;
}

export interface HistoryPeople {
  /** Platform staff who review, push and assign: [userId, role]. */
  operators: ReadonlyArray<readonly [number, Role]>;
  /** users.id of each lawyer (lawyers.id). */
  lawyerUsers: ReadonlyMap<number, number>;
  /** users.id of each firm's account (law_firms.id). */
  firmUsers: ReadonlyMap<number, number>;
}

type Step = { type: CaseEventType; by: 'operator' | 'lawyer' | 'firm' | 'system'; extra?: object };

const RETURN_REASON = '借款合同扫描件不清晰，请补充后重新提交';
const SUSPEND_REASON = '当事人申请暂缓，等待补充材料';

/** The events from a new case to where `c` stands. */
function stepsOf(c: SeededCase): Step[] {
  const n = c.id;
  const steps: Step[] = [];
  if (n % 9 === 0) {
    steps.push({ type: 'RETURN', by: 'operator', extra: { reason: RETURN_REASON } });
    if (c.position === 'returned') return steps;
    steps.push({ type: 'RESUBMIT', by: 'operator' });
  }
  if (c.status === 'pending' && c.position === 'awaitingReview') return steps;
  steps.push({ type: 'APPROVE', by: 'operator' });
  if (c.status === 'pending') {
    if (c.position === 'pushed' || c.position === 'accepted')
      steps.push({ type: 'PUSH', by: 'operator', extra: { lawFirmId: c.law_firm_id ?? null } });
    if (c.position === 'accepted') steps.push({ type: 'ACCEPT', by: 'firm' });
    return steps;
  }
  if (n % 2 === 0) steps.push({ type: 'TAKE', by: 'lawyer' });
  else
    steps.push({
      type: 'ASSIGN',
      by: 'operator',
      extra: { lawyerId: c.lawyer_id ?? null, lawFirmId: c.law_firm_id ?? null },
    });
  if (c.status === 'processing' && n % 13 === 0) {
    steps.push({ type: 'SUSPEND', by: 'lawyer', extra: { reason: SUSPEND_REASON } });
    steps.push({ type: 'RESUME', by: 'lawyer' });
  }
  if (c.status === 'suspended' || (c.status === 'closed' && n % 4 === 0))
    steps.push({ type: 'SUSPEND', by: 'lawyer', extra: { reason: c.suspend_reason ?? SUSPEND_REASON } });
  if (c.status === 'closed') {
    const result = c.close_result ?? 'mediated';
    // Repayments reaching the claim close a case as repaid: the product's own decision.
    steps.push({ type: 'CLOSE', by: result === 'repaid' ? 'system' : 'lawyer', extra: { result } });
  }
  return steps;
}

/** The audit rows of a seeded case's history, oldest first, spread between its creation and its last change. */
export function caseHistoryRows(c: SeededCase, people: HistoryPeople): Insertable<AuditLogTable>[] {
  const steps = stepsOf(c);
  const created = Date.parse(c.created_at);
  const span = Math.max(0, Date.parse(c.updated_at) - created);
  const operator = people.operators[c.id % people.operators.length];
  const lawyerUser = c.lawyer_id != null ? (people.lawyerUsers.get(c.lawyer_id) ?? null) : null;
  const firmUser = c.law_firm_id != null ? (people.firmUsers.get(c.law_firm_id) ?? null) : null;
  let name = REPLAY_START;
  let held = { lawyerId: null as number | null, lawFirmId: null as number | null };
  return steps.map((step, i) => {
    const [userId, role]: readonly [number | null, CaseActor['role']] =
      step.by === 'operator'
        ? operator
        : step.by === 'lawyer'
          ? [lawyerUser, 'lawyer']
          : step.by === 'firm'
            ? [firmUser, 'lawfirmContactPerson']
            : [null, SYSTEM.role];
    const actor: CaseActor =
      step.by === 'system'
        ? SYSTEM
        : { role, userId: userId ?? 0, lawyerId: step.by === 'lawyer' ? (c.lawyer_id ?? null) : null };
    const event = { type: step.type, actor, ...step.extra } as CaseEvent;
    const nextName = replayStep(name, step.type);
    const nextState = nextName === null ? null : stateOfName(nextName);
    if (!nextState) throw new Error(`seed: ${step.type} does not apply to ${c.case_no} at ${name}`);
    const before = { ...(stateOfName(name) as Pick<CaseState, 'status' | 'position'>), ...held };
    held =
      nextState.status === 'pending' && nextState.position === 'pool'
        ? { lawyerId: null, lawFirmId: null }
        : step.type === 'PUSH'
          ? { lawyerId: null, lawFirmId: c.law_firm_id ?? null }
          : step.type === 'TAKE' || step.type === 'ASSIGN'
            ? { lawyerId: c.lawyer_id ?? null, lawFirmId: c.law_firm_id ?? null }
            : held;
    const after = { ...nextState, ...held };
    name = caseStateName(nextState);
    return auditRow(
      {
        caller: null,
        requestId: null,
        at: new Date(created + Math.floor((span * (i + 1)) / steps.length)),
        actorId: userId,
        actorRole: role,
      },
      transitionAuditEntry({ id: c.id, caseNo: c.case_no }, event, before, after),
    );
  });
}
