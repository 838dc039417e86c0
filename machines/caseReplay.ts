import { initialTransition, transition } from 'xstate';
import { CASE_POSITIONS, CASE_STATUSES, type CasePosition, type CaseStatus } from '../contract/cases';
import {
  CASE_EVENT_TYPES,
  type CaseEvent,
  type CaseEventType,
  type CaseState,
  caseStateName,
  caseStateOf,
  caseStatusMachine,
  SAMPLE_DETAILS,
  SYSTEM,
} from './caseStatusMachine';

/**
 * A case's stored history (its audit trail of transitions) replayed through the case machine.
 * Replay follows the machine's transitions, not today's access rules: every guard passes, so
 * a history recorded under older rules (a role that held an ability then) still replays, and
 * an event is refused only where the machine has no transition for it at all.
 *
 * With every guard passing, where an event leads depends only on the state and the event's
 * type (guards are the only readers of context and payload on the way to a target), so each
 * (state, type) pair is asked of the machine once and remembered: a million cases replay in
 * seconds. States are named as the audit writes them (`pending.pool`, `processing`).
 */

const guardNames = Object.keys(caseStatusMachine.implementations.guards);

/** The case machine with every guard passing: its transitions, none of its access rules. */
export const caseReplayMachine = caseStatusMachine.provide({
  guards: Object.fromEntries(guardNames.map((name) => [name, () => true])),
});

/** Where every case starts (a new case, by the form or an import): the machine's initial state. */
export const REPLAY_START: string = caseStateName(
  caseStateOf(initialTransition(caseReplayMachine, {})[0] as Parameters<typeof caseStateOf>[0]),
);

/** `pending.pool` -> {status: pending, position: pool}; null for a name that is no state. */
export function stateOfName(name: string): Pick<CaseState, 'status' | 'position'> | null {
  const [status, position] = name.split('.') as [CaseStatus, CasePosition | undefined];
  if (status === 'pending')
    return position && CASE_POSITIONS.includes(position) ? { status, position } : null;
  return CASE_STATUSES.includes(status) && position === undefined ? { status, position: null } : null;
}

export function isCaseEventType(type: string): type is CaseEventType {
  return (CASE_EVENT_TYPES as readonly string[]).includes(type);
}

function decideStep(from: string, type: string): string | null {
  const state = stateOfName(from);
  if (!state || !isCaseEventType(type)) return null;
  const snapshot = caseReplayMachine.resolveState({
    value: state.status === 'pending' ? { pending: state.position as string } : state.status,
    context: {
      lawyerId: null,
      lawFirmId: null,
      result: null,
      suspendReason: null,
      returnReason: null,
      stage: null,
    },
  });
  const event = { type, actor: SYSTEM, ...SAMPLE_DETAILS[type] } as CaseEvent;
  if (!snapshot.can(event)) return null;
  const [next] = transition(caseReplayMachine, snapshot, event);
  return caseStateName(caseStateOf(next as Parameters<typeof caseStateOf>[0]));
}

const steps = new Map<string, string | null>();

/** Where `type` leads from the state named `from`; null when the machine has no such transition there. */
export function replayStep(from: string, type: string): string | null {
  const key = `${from} ${type}`;
  let next = steps.get(key);
  if (next === undefined) {
    next = decideStep(from, type);
    steps.set(key, next);
  }
  return next;
}

export interface ReplayedStep {
  type: string;
  /** The state before the event. */
  from: string;
  /** The state after it; equal to `from` when the event was refused. */
  to: string;
  /** The machine has no transition for this event where the case stood. */
  refused: boolean;
}

export interface CaseReplay {
  steps: ReplayedStep[];
  /** Where the history leads. */
  final: string;
  /** The stored state, as one name. */
  stored: string;
  /** The history replays, every event accepted, to the stored status and position. */
  matches: boolean;
}

/** Replays a case's events (oldest first) and compares where they lead with the stored case. */
export function replayCase(
  events: readonly { type: string }[],
  stored: Pick<CaseState, 'status' | 'position'>,
): CaseReplay {
  let at = REPLAY_START;
  let refusals = 0;
  const replayed: ReplayedStep[] = events.map(({ type }) => {
    const next = replayStep(at, type);
    const step = { type, from: at, to: next ?? at, refused: next === null };
    if (next === null) refusals += 1;
    else at = next;
    return step;
  });
  const storedName = caseStateName(stored);
  return { steps: replayed, final: at, stored: storedName, matches: refusals === 0 && at === storedName };
}

/** Only whether a history replays to the stored state: the consistency check's inner loop, without steps. */
export function replaysTo(types: readonly string[], stored: string): boolean {
  let at = REPLAY_START;
  for (const type of types) {
    const next = replayStep(at, type);
    if (next === null) return false;
    at = next;
  }
  return at === stored;
}
