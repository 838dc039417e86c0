import { and, assign, getNextTransitions, type SnapshotFrom, setup, transition } from 'xstate';
import { type Ability, type AccessScope, scopeOf } from '../contract/access';
import { CASE_STATUSES, type CaseStatus, CLOSE_RESULTS, type CloseResult } from '../contract/cases';
import type { Role } from '../contract/roles';

/**
 * A case's status, written once for the browser and the server: the server accepts or
 * refuses `POST /api/cases/:id/transitions` with `decideTransition`, the browser shows the
 * buttons `allowedEvents` lists. Both read the same machine, so they cannot drift apart.
 *
 *   pending --TAKE (a lawyer, from the pool)--------------> processing
 *   pending --ASSIGN (to a lawyer)------------------------> processing
 *   pending --ASSIGN (pushed to a firm only)--------------> pending
 *   processing --RELEASE----------------------------------> pending (back to the pool)
 *   processing --SUSPEND {reason}-------------------------> suspended
 *   suspended --RESUME------------------------------------> processing
 *   processing | suspended --CLOSE {result}---------------> closed
 *   closed --REOPEN---------------------------------------> processing
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
}

/** A case's state as stored: its status plus the context the rules read. */
export interface CaseState {
  status: CaseStatus;
  lawyerId: number | null;
  lawFirmId: number | null;
  result?: CloseResult | null;
  suspendReason?: string | null;
}

export const CASE_EVENT_TYPES = [
  'TAKE',
  'ASSIGN',
  'RELEASE',
  'SUSPEND',
  'RESUME',
  'CLOSE',
  'REOPEN',
] as const;
export type CaseEventType = (typeof CASE_EVENT_TYPES)[number];

export type CaseEvent =
  | { type: 'TAKE'; actor: CaseActor }
  /** To a lawyer (the case is then in processing), or pushed to a firm only (it stays pending in that firm's pool). */
  | { type: 'ASSIGN'; actor: CaseActor; lawFirmId?: number | null; lawyerId?: number | null }
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
  'case.transition.assigneeRequired',
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

type EventOf<T extends CaseEventType> = Extract<CaseEvent, { type: T }>;

/**
 * Who may do what, and with which details. Where an event applies at all is the machine's
 * states; these rules are its guards, and the first rule that fails is the refusal's reason.
 */
const RULES: { [T in CaseEventType]: (context: CaseContext, event: EventOf<T>) => RefusalReason | null } = {
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
    if (event.lawFirmId == null && event.lawyerId == null) return 'case.transition.assigneeRequired';
    if (scope === 'all') return null;
    // Within a firm: one of its own lawyers (the server checks the lawyer's firm), on its own case.
    if (event.lawyerId == null) return 'case.transition.lawyerRequired';
    if (event.lawFirmId != null && event.lawFirmId !== event.actor.lawFirmId) {
      return 'case.transition.notYourFirm';
    }
    return scopeRefusal(scope, context, event.actor);
  },
  RELEASE: (context, event) => scopeRefusal(scopeFor(event), context, event.actor),
  SUSPEND: (context, event) =>
    scopeRefusal(scopeFor(event), context, event.actor) ??
    (typeof event.reason === 'string' && event.reason.trim() ? null : 'case.transition.reasonRequired'),
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

export const caseStatusMachine = setup({
  types: {} as {
    context: CaseContext;
    events: CaseEvent;
    input: { lawyerId?: number | null; lawFirmId?: number | null };
  },
  guards: {
    mayTake: allowedBy('TAKE'),
    mayAssign: allowedBy('ASSIGN'),
    namesLawyer: ({ event }) => event.type === 'ASSIGN' && event.lawyerId != null,
    mayRelease: allowedBy('RELEASE'),
    maySuspend: allowedBy('SUSPEND'),
    mayResume: allowedBy('RESUME'),
    mayClose: allowedBy('CLOSE'),
    mayReopen: allowedBy('REOPEN'),
  },
  actions: {
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
      suspendReason: ({ event }) => (event.type === 'SUSPEND' ? event.reason.trim() : null),
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
  }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        TAKE: { guard: 'mayTake', target: 'processing', actions: 'recordTakingLawyer' },
        ASSIGN: [
          { guard: and(['mayAssign', 'namesLawyer']), target: 'processing', actions: 'recordAssignee' },
          { guard: 'mayAssign', actions: 'recordAssignee' },
        ],
      },
    },
    processing: {
      on: {
        RELEASE: { guard: 'mayRelease', target: 'pending', actions: 'returnToPool' },
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

/** The machine's snapshot for a stored case. */
export function caseSnapshot(state: CaseState): CaseSnapshot {
  return caseStatusMachine.resolveState({
    value: state.status,
    context: {
      lawyerId: state.lawyerId ?? null,
      lawFirmId: state.lawFirmId ?? null,
      result: state.status === 'closed' ? (state.result ?? null) : null,
      suspendReason: state.status === 'suspended' ? (state.suspendReason ?? null) : null,
    },
  });
}

/** A stored case's state from a snapshot. */
export function caseStateOf(snapshot: CaseSnapshot): CaseState {
  return { status: snapshot.value as CaseStatus, ...snapshot.context };
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
