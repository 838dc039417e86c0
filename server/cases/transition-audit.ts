import type { CaseEvent, CaseState, MachineEventType } from '../../machines/caseStatusMachine';
import { CASE_EVENT_TYPES, caseStateName, SYSTEM_ONLY_EVENTS } from '../../machines/caseStatusMachine';
import type { AuditEntry } from '../audit/audit';

/**
 * How a case's transition is written into the audit trail, once: by the product
 * (transitions.ts) and by the seed (server/seed/case-histories.ts), and read back by the
 * replay (server/cases/replay/). Action `case.<event>` (`case.approve`), entity `case`, the
 * case's id, `from` and `to` as the machine names them.
 */

export const transitionAction = (type: MachineEventType): string => `case.${type.toLowerCase()}`;

/** The API's events and the system's own (PUSH_EXPIRED: a push nobody answered). */
const ACTION_EVENTS = new Map<string, MachineEventType>(
  [...CASE_EVENT_TYPES, ...SYSTEM_ONLY_EVENTS].map((type) => [transitionAction(type), type]),
);

/** The event an audit action records, or null for any other case entry (an attachment, a repayment). */
export function eventOfAction(action: string): MachineEventType | null {
  return ACTION_EVENTS.get(action) ?? null;
}

/** Every transition's audit action, for a query's `action in (...)`. */
export const TRANSITION_ACTIONS: readonly string[] = [...ACTION_EVENTS.keys()];

type Stored = Pick<CaseState, 'status' | 'position' | 'lawyerId' | 'lawFirmId'>;

/** The audit entry of one accepted transition of case `caseId` from `current` to `next`. */
export function transitionAuditEntry(
  c: { id: number; caseNo: string },
  event: CaseEvent,
  current: Stored,
  next: Stored,
): AuditEntry {
  const from = caseStateName(current);
  const to = caseStateName(next);
  const detail =
    'reason' in event
      ? event.reason.trim()
      : event.type === 'CLOSE'
        ? event.result
        : event.type === 'ASSIGN' || event.type === 'TAKE' || event.type === 'PUSH'
          ? `lawyer ${next.lawyerId ?? '-'}, firm ${next.lawFirmId ?? '-'}`
          : '';
  return {
    action: transitionAction(event.type),
    entity: 'case',
    entityId: c.id,
    summary: `${event.type}: ${from} -> ${to}${detail ? ` (${detail})` : ''}`,
    params: {
      caseNo: c.caseNo,
      from,
      to,
      reason: 'reason' in event ? event.reason.trim() : null,
      result: event.type === 'CLOSE' ? event.result : null,
      lawyerId: next.lawyerId,
      lawFirmId: next.lawFirmId,
      // The firm the case leaves (a decline, a withdrawn push): whose history this entry is.
      fromLawFirmId: current.lawFirmId,
    },
  };
}
