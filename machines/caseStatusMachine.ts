import { and, assign, getNextTransitions, type SnapshotFrom, setup, transition } from 'xstate';
import {
  CASE_POSITIONS,
  CASE_STATUSES,
  type CasePosition,
  type CaseStage,
  type CaseStatus,
  type CloseResult,
} from '../contract/cases';
import {
  CASE_EVENT_TYPES,
  type CaseActor,
  type CaseEvent,
  type CaseEventType,
  type CasePlace,
  type EventOf,
  isCaseEvent,
  isSystem,
  type MachineEventType,
  type RefusalReason,
  refusalOf,
  SAMPLE_DETAILS,
} from './caseGuards';
import type { PushRecordChange } from './casePushRecords';
import type { CaseTag } from './caseTags';

export * from './caseGuards';
export type { PushRecordChange } from './casePushRecords';
export type { CaseTag } from './caseTags';

/**
 * A case's journey, written once for the browser and the server: the server accepts or
 * refuses `POST /api/cases/:id/transitions` with `decideTransition`, the browser shows the
 * buttons `allowedEvents` lists. Both read the same machine, so they cannot drift apart.
 *
 * The four statuses are the product's (pending, processing, suspended, closed); inside
 * `pending` the case's position is a nested state, stored in its own column:
 *
 *   awaitingReview --APPROVE-------------------------------> pool
 *   awaitingReview --RETURN {reason}-----------------------> returned
 *   returned --RESUBMIT (corrected)------------------------> awaitingReview
 *   pool --PUSH {lawFirmId}--------------------------------> pushed
 *   pushed --PUSH {lawFirmId} (to another firm)------------> pushed
 *   pushed --ACCEPT (the firm)-----------------------------> accepted
 *   pushed --DECLINE {reason} (the firm)-------------------> pool
 *   pushed | accepted --RELEASE (withdraw the push)--------> pool
 *   pushed --PUSH_EXPIRED (the system: nobody answered)----> pool
 *   pool | pushed | accepted --TAKE (a lawyer)-------------> processing
 *   pool | pushed | accepted --ASSIGN {lawyerId}-----------> processing
 *   processing --ASSIGN {lawyerId} (reassign)--------------> processing
 *   processing --RELEASE (not by the system)---------------> pending.pool
 *   processing --SUSPEND {reason}--------------------------> suspended
 *   suspended --RESUME-------------------------------------> processing
 *   processing | suspended --CLOSE {result}----------------> closed
 *   closed --REOPEN----------------------------------------> processing
 *
 * Who may send each event is the ability EVENT_ABILITY names (caseGuards.ts, from
 * contract/access.ts), in the scope the actor's role holds it: `all` over every case, `firm`
 * over the cases of the actor's firm, `own` over the cases the actor handles as their lawyer;
 * the system (SYSTEM) sends only SYSTEM_EVENTS.
 *
 * A decision also says what follows from it: the case's stage (a pending case is at intake, a
 * closed one archived, a worked one past intake) and the changes to its push records
 * (casePushRecords.ts). The states' tags (caseTags.ts) are the groups other rules ask for
 * (caseRules.ts).
 */

export interface CaseContext {
  lawyerId: number | null;
  lawFirmId: number | null;
  /** Set while closed. */
  result: CloseResult | null;
  /** Set while suspended. */
  suspendReason: string | null;
  /** Why review sent the case back; set while it is returned. */
  returnReason: string | null;
  /** The legal stage; the machine keeps its invariants (pending: intake, closed: archived). */
  stage: CaseStage | null;
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
  stage?: CaseStage | null;
}

/** An accepted event: the state it leads to and the push record changes that follow. */
export type TransitionDecision =
  | { ok: true; next: CaseState & { stage: CaseStage }; pushes: PushRecordChange[] }
  | { ok: false; reason: RefusalReason; params?: { state: CasePlace } };

const allowedBy =
  (type: MachineEventType) =>
  ({ context, event }: { context: CaseContext; event: CaseEvent }) =>
    event.type === type && refusalOf(context, event) === null;

const trimmed = (value: string) => value.trim();

/** The firm a TAKE or ASSIGN leaves the case with: the lawyer's. */
function firmAfter(context: CaseContext, event: CaseEvent): number | null {
  if (event.type === 'TAKE') return event.actor.lawFirmId ?? context.lawFirmId;
  if (event.type === 'ASSIGN') return event.lawFirmId ?? context.lawFirmId;
  return context.lawFirmId;
}

/** Push record changes, as the machine's own action: `decideTransition` collects them. */
const pushes = (changes: (args: { context: CaseContext; event: CaseEvent }) => PushRecordChange[]) => ({
  type: 'recordPushes' as const,
  params: (args: { context: CaseContext; event: CaseEvent }) => ({ changes: changes(args) }),
});

/** A push to the event's firm, withdrawing any push still open. */
const pushToFirm = pushes(({ event }) => [
  { kind: 'withdraw', lawFirmId: null },
  ...(event.type === 'PUSH' && event.lawFirmId != null
    ? [{ kind: 'open' as const, lawFirmId: event.lawFirmId }]
    : []),
]);
const withdrawPushes = pushes(() => [{ kind: 'withdraw', lawFirmId: null }]);
/** The firm's answer to its push (before the firm is cleared). */
const answerPush = pushes(({ context, event }) =>
  context.lawFirmId === null
    ? []
    : [
        {
          kind: 'answer',
          lawFirmId: context.lawFirmId,
          status: event.type === 'ACCEPT' ? 'accepted' : 'declined',
          reason: event.type === 'DECLINE' ? trimmed(event.reason) : null,
        },
      ],
);
/**
 * A pending case reaches a lawyer: a push to another firm than the lawyer's is withdrawn, and
 * the lawyer's firm has accepted the case.
 */
const handOverPending = pushes(({ context, event }) => {
  const next = firmAfter(context, event);
  return [
    ...(context.lawFirmId !== null && context.lawFirmId !== next
      ? [{ kind: 'withdraw' as const, lawFirmId: context.lawFirmId }]
      : []),
    ...(next !== null ? [{ kind: 'acceptBy' as const, lawFirmId: next }] : []),
  ];
});
/** A reassignment to a lawyer of another firm: that firm has accepted the case. */
const handOverWorked = pushes(({ context, event }) => {
  const next = firmAfter(context, event);
  return next !== null && next !== context.lawFirmId ? [{ kind: 'acceptBy', lawFirmId: next }] : [];
});

const toLawyer = {
  TAKE: {
    guard: 'mayTake',
    target: '#caseStatus.processing',
    actions: [handOverPending, 'recordTakingLawyer'],
  },
  ASSIGN: {
    guard: 'mayAssign',
    target: '#caseStatus.processing',
    actions: [handOverPending, 'recordAssignee'],
  },
} as const;

export const caseStatusMachine = setup({
  types: {} as {
    context: CaseContext;
    events: CaseEvent;
    input: { lawyerId?: number | null; lawFirmId?: number | null };
    tags: CaseTag;
  },
  guards: {
    mayApprove: allowedBy('APPROVE'),
    mayReturn: allowedBy('RETURN'),
    mayResubmit: allowedBy('RESUBMIT'),
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
    mayExpirePush: allowedBy('PUSH_EXPIRED'),
    /** A person, not the system: a case in a lawyer's hands is taken away only by people. */
    byPerson: ({ event }) => !isSystem(event.actor),
  },
  actions: {
    /** Collected by decideTransition; the server applies them to `case_pushes`. */
    recordPushes: (_, _params: { changes: PushRecordChange[] }) => {},
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
        ? { lawyerId: event.actor.lawyerId ?? null, lawFirmId: firmAfter(context, event) }
        : {},
    ),
    recordAssignee: assign(({ context, event }) =>
      event.type === 'ASSIGN'
        ? { lawyerId: event.lawyerId ?? null, lawFirmId: firmAfter(context, event) }
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
    // The stage's invariants: a pending case is at intake, a closed one archived, a worked one past intake.
    stageAtIntake: assign({ stage: 'intake' }),
    stageArchived: assign({ stage: 'archived' }),
    stagePastIntake: assign({
      stage: ({ context }) =>
        context.stage === null || context.stage === 'intake' || context.stage === 'archived'
          ? 'mediation'
          : context.stage,
    }),
  },
}).createMachine({
  id: 'caseStatus',
  context: ({ input }) => ({
    lawyerId: input.lawyerId ?? null,
    lawFirmId: input.lawFirmId ?? null,
    result: null,
    suspendReason: null,
    returnReason: null,
    stage: 'intake',
  }),
  initial: 'pending',
  states: {
    pending: {
      tags: ['ongoing'],
      entry: 'stageAtIntake',
      initial: 'awaitingReview',
      states: {
        awaitingReview: {
          tags: ['inReview', 'intakeEditable'],
          on: {
            APPROVE: { guard: 'mayApprove', target: 'pool', actions: 'clearReturnReason' },
            RETURN: { guard: 'mayReturn', target: 'returned', actions: 'recordReturnReason' },
          },
        },
        returned: {
          tags: ['intakeEditable'],
          on: {
            RESUBMIT: { guard: 'mayResubmit', target: 'awaitingReview', actions: 'clearReturnReason' },
          },
        },
        pool: {
          tags: ['unassigned', 'openPool'],
          on: {
            PUSH: { guard: 'mayPush', target: 'pushed', actions: [pushToFirm, 'recordFirm'] },
            ...toLawyer,
          },
        },
        pushed: {
          tags: ['unassigned', 'withFirm', 'awaitingAnswer'],
          on: {
            PUSH: { guard: 'mayPush', target: 'pushed', actions: [pushToFirm, 'recordFirm'] },
            ACCEPT: { guard: 'mayAccept', target: 'accepted', actions: answerPush },
            DECLINE: { guard: 'mayDecline', target: 'pool', actions: [answerPush, 'clearFirm'] },
            RELEASE: { guard: 'mayRelease', target: 'pool', actions: [withdrawPushes, 'clearFirm'] },
            PUSH_EXPIRED: { guard: 'mayExpirePush', target: 'pool', actions: [withdrawPushes, 'clearFirm'] },
            ...toLawyer,
          },
        },
        accepted: {
          tags: ['unassigned', 'withFirm'],
          on: {
            RELEASE: { guard: 'mayRelease', target: 'pool', actions: [withdrawPushes, 'clearFirm'] },
            ...toLawyer,
          },
        },
      },
    },
    processing: {
      tags: ['ongoing', 'worked', 'active', 'repayable', 'letterWritable', 'followUps'],
      entry: 'stagePastIntake',
      on: {
        ASSIGN: { guard: 'mayAssign', target: 'processing', actions: [handOverWorked, 'recordAssignee'] },
        RELEASE: {
          guard: and(['mayRelease', 'byPerson']),
          target: '#caseStatus.pending.pool',
          actions: 'returnToPool',
        },
        SUSPEND: { guard: 'maySuspend', target: 'suspended', actions: 'recordSuspendReason' },
        CLOSE: { guard: 'mayClose', target: 'closed', actions: 'recordResult' },
      },
    },
    suspended: {
      tags: ['ongoing', 'worked', 'repayable', 'followUps'],
      entry: 'stagePastIntake',
      on: {
        RESUME: { guard: 'mayResume', target: 'processing', actions: 'clearSuspendReason' },
        CLOSE: { guard: 'mayClose', target: 'closed', actions: 'recordResult' },
      },
    },
    closed: {
      tags: ['finished', 'followUps'],
      entry: 'stageArchived',
      on: {
        REOPEN: { guard: 'mayReopen', target: 'processing', actions: 'clearResult' },
      },
    },
  },
});

export type CaseSnapshot = SnapshotFrom<typeof caseStatusMachine>;

/** The position a stored pending case stands at (an old row without one is in the pool). */
function positionOf(state: Pick<CaseState, 'position'>): CasePosition {
  return state.position && CASE_POSITIONS.includes(state.position) ? state.position : 'pool';
}

/** Where a case stands, as one name: `returned`, `pool`, ..., `processing`, `closed`. */
export function casePlace(state: Pick<CaseState, 'status' | 'position'>): CasePlace {
  return state.status === 'pending' ? positionOf(state) : state.status;
}

/** The state as the audit writes it: `pending.pool`, `processing`. */
export function caseStateName(state: Pick<CaseState, 'status' | 'position'>): string {
  return state.status === 'pending' ? `pending.${positionOf(state)}` : state.status;
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
      stage: state.stage ?? null,
    },
  });
}

/** A stored case's state from a snapshot. */
export function caseStateOf(snapshot: CaseSnapshot): CaseState {
  const value = snapshot.value;
  if (typeof value === 'string') return { status: value as CaseStatus, position: null, ...snapshot.context };
  return { status: 'pending', position: value.pending as CasePosition, ...snapshot.context };
}

/**
 * Accepts or refuses one event for a case, with the state it leads to and the push record
 * changes that follow, or the reason it was refused. Pure: the server stores `next` and the
 * changes (under its optimistic lock) and answers 409 with `reason` otherwise.
 */
export function decideTransition(state: CaseState, event: CaseEvent): TransitionDecision {
  if (!isCaseEvent(event)) return { ok: false, reason: 'case.transition.unknownEvent' };
  if (!CASE_STATUSES.includes(state.status)) return { ok: false, reason: 'case.transition.unknownStatus' };
  const snapshot = caseSnapshot(state);
  if (snapshot.can(event)) {
    const [next, actions] = transition(caseStatusMachine, snapshot, event);
    const pushChanges = actions.flatMap((action) =>
      action.type === 'recordPushes' ? (action.params as { changes: PushRecordChange[] }).changes : [],
    );
    const nextState = caseStateOf(next);
    return { ok: true, next: { ...nextState, stage: nextState.stage ?? 'intake' }, pushes: pushChanges };
  }
  const appliesHere = getNextTransitions(snapshot).some((t) => t.eventType === event.type);
  const refusal = appliesHere ? refusalOf(snapshot.context, event) : null;
  if (refusal) return { ok: false, reason: refusal };
  // The event does not apply where the case stands (or only to someone else than this actor
  // here, like the system releasing a case in a lawyer's hands): say where it stands.
  const place = casePlace(state);
  return { ok: false, reason: `case.transition.inState.${place}`, params: { state: place } };
}

/** The events this actor may send to this case now: the buttons the browser shows. */
export function allowedEvents(state: CaseState, actor: CaseActor): CaseEventType[] {
  return CASE_EVENT_TYPES.filter(
    (type) => decideTransition(state, { type, actor, ...SAMPLE_DETAILS[type] } as CaseEvent).ok,
  );
}

export type { EventOf };
