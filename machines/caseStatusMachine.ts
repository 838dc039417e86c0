import { assign, getNextTransitions, type SnapshotFrom, setup, transition } from 'xstate';
import { type Ability, type AccessScope, scopeOf } from '../contract/access';
import {
  CASE_EVENTS,
  CASE_POSITIONS,
  CASE_STATUSES,
  type CaseEventName,
  type CasePosition,
  type CaseStatus,
  CLOSE_RESULTS,
  type CloseResult,
} from '../contract/cases';
import type { Role } from '../contract/roles';

/**
 * A case's journey, written once for the browser and the server: the server accepts or
 * refuses `POST /api/cases/:id/transitions` with `decideTransition`, the browser shows the
 * buttons `allowedEvents` lists. Both read the same machine, so they cannot drift apart.
 *
 * The four statuses are the product's (pending, processing, suspended, closed); inside
 * `pending` the case's position is a nested state, stored in its own column:
 *
 *   awaitingReview --APPROVE-------------------------------> pool
 *   awaitingReview --RETURN {reason}-----------------------> awaitingReview (back to intake)
 *   pool --PUSH {lawFirmId}--------------------------------> pushed
 *   pushed --PUSH {lawFirmId} (to another firm)------------> pushed
 *   pushed --ACCEPT (the firm)-----------------------------> accepted
 *   pushed --DECLINE {reason} (the firm)-------------------> pool
 *   pushed | accepted --RELEASE (withdraw the push)--------> pool
 *   pool | pushed | accepted --TAKE (a lawyer)-------------> processing
 *   pool | pushed | accepted --ASSIGN {lawyerId}-----------> processing
 *   processing --ASSIGN {lawyerId} (reassign)--------------> processing
 *   processing --RELEASE-----------------------------------> pending.pool
 *   processing --SUSPEND {reason}--------------------------> suspended
 *   suspended --RESUME-------------------------------------> processing
 *   processing | suspended --CLOSE {result}----------------> closed
 *   closed --REOPEN----------------------------------------> processing
 *
 * Who may send each event is the ability EVENT_ABILITY names (contract/access.ts), in the
 * scope the actor's role holds it: `all` over every case, `firm` over the cases of the
 * actor's firm, `own` over the cases the actor handles as their lawyer.
 */

/** Who asks for the transition; the server fills it from the session, never from the request body. */
export interface CaseActor {
  role: Role;
  userId: number;
  /** The lawyer record of a lawyer user. */
  lawyerId?: number | null;
  /** The firm of a lawyer or a firm contact person. */
  lawFirmId?: number | null;
}

export interface CaseContext {
  lawyerId: number | null;
  lawFirmId: number | null;
  /** Set while closed. */
  result: CloseResult | null;
  /** Set while suspended. */
  suspendReason: string | null;
  /** Why review sent the case back to intake; set while it awaits review again. */
  returnReason: string | null;
}

/** A case's state as stored: its status, its position while pending, and the context the rules read. */
export interface CaseState {
  status: CaseStatus;
  /** Where a pending case stands; null for the other statuses (a stored pending case without one is in the pool). */
  position?: CasePosition | null;
  lawyerId: number | null;
  lawFirmId: number | null;
  result?: CloseResult | null;
  suspendReason?: string | null;
  returnReason?: string | null;
}

/** The journey's events (contract/cases.ts CASE_EVENTS, the API's fixed names). */
export const CASE_EVENT_TYPES = CASE_EVENTS;
export type CaseEventType = CaseEventName;

export type CaseEvent =
  | { type: 'APPROVE'; actor: CaseActor }
  | { type: 'RETURN'; actor: CaseActor; reason: string }
  | { type: 'PUSH'; actor: CaseActor; lawFirmId: number | null }
  | { type: 'ACCEPT'; actor: CaseActor }
  | { type: 'DECLINE'; actor: CaseActor; reason: string }
  | { type: 'TAKE'; actor: CaseActor }
  /** To a lawyer; the server fills `lawFirmId` with the lawyer's firm before the final decision. */
  | { type: 'ASSIGN'; actor: CaseActor; lawyerId: number | null; lawFirmId?: number | null }
  | { type: 'RELEASE'; actor: CaseActor }
  | { type: 'SUSPEND'; actor: CaseActor; reason: string }
  | { type: 'RESUME'; actor: CaseActor }
  | { type: 'CLOSE'; actor: CaseActor; result: CloseResult }
  | { type: 'REOPEN'; actor: CaseActor };

/** Why a transition was refused: i18n keys the browser shows and the server answers with (409). */
export const REFUSAL_REASONS = [
  'case.transition.unknownEvent',
  'case.transition.unknownStatus',
  'case.transition.notAllowedInStatus',
  'case.transition.notPermitted',
  'case.transition.alreadyTaken',
  'case.transition.pushedToAnotherFirm',
  'case.transition.firmRequired',
  'case.transition.sameFirm',
  'case.transition.lawyerRequired',
  'case.transition.notHandlingLawyer',
  'case.transition.notYourFirm',
  'case.transition.reasonRequired',
  'case.transition.invalidResult',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type TransitionDecision = { ok: true; next: CaseState } | { ok: false; reason: RefusalReason };

/** The ability each event needs; the actor's scope of it says over which cases. */
export const EVENT_ABILITY = {
  APPROVE: 'cases.review',
  RETURN: 'cases.review',
  PUSH: 'cases.push',
  ACCEPT: 'pushes.answer',
  DECLINE: 'pushes.answer',
  TAKE: 'cases.take',
  ASSIGN: 'cases.assign',
  RELEASE: 'cases.run',
  SUSPEND: 'cases.run',
  RESUME: 'cases.run',
  CLOSE: 'cases.run',
  REOPEN: 'cases.reopen',
} as const satisfies Record<CaseEventType, Ability>;

/** Is this case inside the scope the actor holds an ability in? */
function scopeRefusal(
  scope: AccessScope | null,
  context: CaseContext,
  actor: CaseActor,
): RefusalReason | null {
  if (scope === null) return 'case.transition.notPermitted';
  if (scope === 'all') return null;
  if (scope === 'firm') {
    return actor.lawFirmId != null && actor.lawFirmId === context.lawFirmId
      ? null
      : 'case.transition.notYourFirm';
  }
  return actor.lawyerId != null && actor.lawyerId === context.lawyerId
    ? null
    : 'case.transition.notHandlingLawyer';
}

const scopeFor = (event: CaseEvent) => scopeOf(EVENT_ABILITY[event.type], event.actor.role);
const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

type EventOf<T extends CaseEventType> = Extract<CaseEvent, { type: T }>;

/**
 * Who may do what, and with which details. Where an event applies at all is the machine's
 * states; these rules are its guards, and the first rule that fails is the refusal's reason.
 */
const RULES: { [T in CaseEventType]: (context: CaseContext, event: EventOf<T>) => RefusalReason | null } = {
  APPROVE: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
  RETURN: (context, event) =>
    scopeRefusal(scopeFor(event), context, event.actor) ??
    (hasText(event.reason) ? null : 'case.transition.reasonRequired'),
  PUSH: (context, event) => {
    const refusal = scopeRefusal(scopeFor(event), context, event.actor);
    if (refusal) return refusal;
    if (event.lawFirmId == null) return 'case.transition.firmRequired';
    return event.lawFirmId === context.lawFirmId ? 'case.transition.sameFirm' : null;
  },
  // The firm the case was pushed to answers: the case's firm must be the actor's.
  ACCEPT: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
  DECLINE: (context, event) =>
    scopeRefusal(scopeFor(event), context, event.actor) ??
    (hasText(event.reason) ? null : 'case.transition.reasonRequired'),
  TAKE: (context, event) => {
    const { actor } = event;
    // Taking is from the pool open to the lawyer, not over cases they already handle.
    if (scopeFor(event) === null || actor.lawyerId == null) return 'case.transition.notPermitted';
    if (context.lawyerId != null) return 'case.transition.alreadyTaken';
    if (context.lawFirmId != null && context.lawFirmId !== actor.lawFirmId) {
      return 'case.transition.pushedToAnotherFirm';
    }
    return null;
  },
  ASSIGN: (context, event) => {
    const scope = scopeFor(event);
    if (scope === null) return 'case.transition.notPermitted';
    if (event.lawyerId == null) return 'case.transition.lawyerRequired';
    if (scope === 'all') return null;
    // Within a firm: one of its own lawyers (the server fills the lawyer's firm), on its own case.
    if (event.lawFirmId != null && event.lawFirmId !== event.actor.lawFirmId) {
      return 'case.transition.notYourFirm';
    }
    return scopeRefusal(scope, context, event.actor);
  },
  RELEASE: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
  SUSPEND: (context, event) =>
    scopeRefusal(scopeFor(event), context, event.actor) ??
    (hasText(event.reason) ? null : 'case.transition.reasonRequired'),
  RESUME: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
  CLOSE: (context, event) =>
    scopeRefusal(scopeFor(event), context, event.actor) ??
    (CLOSE_RESULTS.includes(event.result) ? null : 'case.transition.invalidResult'),
  REOPEN: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
};

function refusalOf(context: CaseContext, event: CaseEvent): RefusalReason | null {
  const rule = RULES[event.type] as (context: CaseContext, event: CaseEvent) => RefusalReason | null;
  return rule(context, event);
}

const allowedBy =
  (type: CaseEventType) =>
  ({ context, event }: { context: CaseContext; event: CaseEvent }) =>
    event.type === type && refusalOf(context, event) === null;

const trimmed = (value: string) => value.trim();

export const caseStatusMachine = setup({
  types: {} as {
    context: CaseContext;
    events: CaseEvent;
    input: { lawyerId?: number | null; lawFirmId?: number | null };
  },
  guards: {
    mayApprove: allowedBy('APPROVE'),
    mayReturn: allowedBy('RETURN'),
    mayPush: allowedBy('PUSH'),
    mayAccept: allowedBy('ACCEPT'),
    mayDecline: allowedBy('DECLINE'),
    mayTake: allowedBy('TAKE'),
    mayAssign: allowedBy('ASSIGN'),
    mayRelease: allowedBy('RELEASE'),
    maySuspend: allowedBy('SUSPEND'),
    mayResume: allowedBy('RESUME'),
    mayClose: allowedBy('CLOSE'),
    mayReopen: allowedBy('REOPEN'),
  },
  actions: {
    clearReturnReason: assign({ returnReason: null }),
    recordReturnReason: assign({
      returnReason: ({ event }) => (event.type === 'RETURN' ? trimmed(event.reason) : null),
    }),
    recordFirm: assign({
      lawFirmId: ({ context, event }) => (event.type === 'PUSH' ? event.lawFirmId : context.lawFirmId),
    }),
    clearFirm: assign({ lawFirmId: null }),
    recordTakingLawyer: assign(({ context, event }) =>
      event.type === 'TAKE'
        ? { lawyerId: event.actor.lawyerId ?? null, lawFirmId: event.actor.lawFirmId ?? context.lawFirmId }
        : {},
    ),
    recordAssignee: assign(({ context, event }) =>
      event.type === 'ASSIGN'
        ? { lawyerId: event.lawyerId ?? null, lawFirmId: event.lawFirmId ?? context.lawFirmId }
        : {},
    ),
    returnToPool: assign({ lawyerId: null, lawFirmId: null }),
    recordSuspendReason: assign({
      suspendReason: ({ event }) => (event.type === 'SUSPEND' ? trimmed(event.reason) : null),
    }),
    clearSuspendReason: assign({ suspendReason: null }),
    recordResult: assign({
      result: ({ event }) => (event.type === 'CLOSE' ? event.result : null),
      suspendReason: null,
    }),
    clearResult: assign({ result: null }),
  },
}).createMachine({
  id: 'caseStatus',
  context: ({ input }) => ({
    lawyerId: input.lawyerId ?? null,
    lawFirmId: input.lawFirmId ?? null,
    result: null,
    suspendReason: null,
    returnReason: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      initial: 'awaitingReview',
      states: {
        awaitingReview: {
          on: {
            APPROVE: { guard: 'mayApprove', target: 'pool', actions: 'clearReturnReason' },
            RETURN: { guard: 'mayReturn', target: 'awaitingReview', actions: 'recordReturnReason' },
          },
        },
        pool: {
          on: {
            PUSH: { guard: 'mayPush', target: 'pushed', actions: 'recordFirm' },
            TAKE: { guard: 'mayTake', target: '#caseStatus.processing', actions: 'recordTakingLawyer' },
            ASSIGN: { guard: 'mayAssign', target: '#caseStatus.processing', actions: 'recordAssignee' },
          },
        },
        pushed: {
          on: {
            PUSH: { guard: 'mayPush', target: 'pushed', actions: 'recordFirm' },
            ACCEPT: { guard: 'mayAccept', target: 'accepted' },
            DECLINE: { guard: 'mayDecline', target: 'pool', actions: 'clearFirm' },
            RELEASE: { guard: 'mayRelease', target: 'pool', actions: 'clearFirm' },
            TAKE: { guard: 'mayTake', target: '#caseStatus.processing', actions: 'recordTakingLawyer' },
            ASSIGN: { guard: 'mayAssign', target: '#caseStatus.processing', actions: 'recordAssignee' },
          },
        },
        accepted: {
          on: {
            RELEASE: { guard: 'mayRelease', target: 'pool', actions: 'clearFirm' },
            TAKE: { guard: 'mayTake', target: '#caseStatus.processing', actions: 'recordTakingLawyer' },
            ASSIGN: { guard: 'mayAssign', target: '#caseStatus.processing', actions: 'recordAssignee' },
          },
        },
      },
    },
    processing: {
      on: {
        ASSIGN: { guard: 'mayAssign', target: 'processing', actions: 'recordAssignee' },
        RELEASE: { guard: 'mayRelease', target: '#caseStatus.pending.pool', actions: 'returnToPool' },
        SUSPEND: { guard: 'maySuspend', target: 'suspended', actions: 'recordSuspendReason' },
        CLOSE: { guard: 'mayClose', target: 'closed', actions: 'recordResult' },
      },
    },
    suspended: {
      on: {
        RESUME: { guard: 'mayResume', target: 'processing', actions: 'clearSuspendReason' },
        CLOSE: { guard: 'mayClose', target: 'closed', actions: 'recordResult' },
      },
    },
    closed: {
      on: {
        REOPEN: { guard: 'mayReopen', target: 'processing', actions: 'clearResult' },
      },
    },
  },
});

export type CaseSnapshot = SnapshotFrom<typeof caseStatusMachine>;

/** The position a stored pending case stands at (an old row without one is in the pool). */
function positionOf(state: CaseState): CasePosition {
  return state.position && CASE_POSITIONS.includes(state.position) ? state.position : 'pool';
}

/** The machine's snapshot for a stored case. */
export function caseSnapshot(state: CaseState): CaseSnapshot {
  return caseStatusMachine.resolveState({
    value: state.status === 'pending' ? { pending: positionOf(state) } : state.status,
    context: {
      lawyerId: state.lawyerId ?? null,
      lawFirmId: state.lawFirmId ?? null,
      result: state.status === 'closed' ? (state.result ?? null) : null,
      suspendReason: state.status === 'suspended' ? (state.suspendReason ?? null) : null,
      returnReason: state.status === 'pending' ? (state.returnReason ?? null) : null,
    },
  });
}

/** A stored case's state from a snapshot. */
export function caseStateOf(snapshot: CaseSnapshot): CaseState {
  const value = snapshot.value;
  if (typeof value === 'string') return { status: value as CaseStatus, position: null, ...snapshot.context };
  return { status: 'pending', position: value.pending as CasePosition, ...snapshot.context };
}

function isCaseEvent(event: unknown): event is CaseEvent {
  const candidate = event as Partial<CaseEvent> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    CASE_EVENT_TYPES.includes(candidate.type as CaseEventType) &&
    typeof candidate.actor === 'object' &&
    candidate.actor !== null &&
    typeof candidate.actor.role === 'string'
  );
}

/**
 * Accepts or refuses one event for a case, with the state it leads to or the reason it was
 * refused. Pure: the server stores `next` (under its optimistic lock) and answers 409 with
 * `reason` otherwise.
 */
export function decideTransition(state: CaseState, event: CaseEvent): TransitionDecision {
  if (!isCaseEvent(event)) return { ok: false, reason: 'case.transition.unknownEvent' };
  if (!CASE_STATUSES.includes(state.status)) return { ok: false, reason: 'case.transition.unknownStatus' };
  const snapshot = caseSnapshot(state);
  if (snapshot.can(event)) {
    const [next] = transition(caseStatusMachine, snapshot, event);
    return { ok: true, next: caseStateOf(next) };
  }
  const appliesInStatus = getNextTransitions(snapshot).some((t) => t.eventType === event.type);
  if (!appliesInStatus) return { ok: false, reason: 'case.transition.notAllowedInStatus' };
  return { ok: false, reason: refusalOf(snapshot.context, event) ?? 'case.transition.notAllowedInStatus' };
}

/** Details that pass the detail rules, so `allowedEvents` asks only who may act and when. */
const SAMPLE_DETAILS: { [T in CaseEventType]: Omit<EventOf<T>, 'type' | 'actor'> } = {
  APPROVE: {},
  RETURN: { reason: 'sample' },
  PUSH: { lawFirmId: -1 },
  ACCEPT: {},
  DECLINE: { reason: 'sample' },
  TAKE: {},
  ASSIGN: { lawyerId: 0 },
  RELEASE: {},
  SUSPEND: { reason: 'sample' },
  RESUME: {},
  CLOSE: { result: 'mediated' },
  REOPEN: {},
};

/** The events this actor may send to this case now: the buttons the browser shows. */
export function allowedEvents(state: CaseState, actor: CaseActor): CaseEventType[] {
  return CASE_EVENT_TYPES.filter(
    (type) => decideTransition(state, { type, actor, ...SAMPLE_DETAILS[type] } as CaseEvent).ok,
  );
}
