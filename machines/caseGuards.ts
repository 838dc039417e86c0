import { type Ability, type AccessScope, scopeOf } from '../contract/access';
import {
  CASE_EVENTS,
  type CASE_POSITIONS,
  type CaseEventName,
  type CaseStatus,
  CLOSE_RESULTS,
  type CloseResult,
} from '../contract/cases';
import type { Role } from '../contract/roles';

/**
 * Who sends a case's events, and the rules (the machine's guards) that accept or refuse them.
 * The states each event applies in are the machine's (caseStatusMachine.ts); these rules say
 * who may send it there, with which details.
 */

/** The product itself, deciding on its own (ARCHITECTURE §4): never a signed-in person. */
export const SYSTEM_ROLE = 'system';
export type ActorRole = Role | typeof SYSTEM_ROLE;

/** Who asks for the transition; the server fills it from the session, never from the request body. */
export interface CaseActor {
  role: ActorRole;
  /** The user; null for the system. */
  userId: number | null;
  /** The lawyer record of a lawyer user. */
  lawyerId?: number | null;
  /** The firm of a lawyer or a firm contact person. */
  lawFirmId?: number | null;
}

/**
 * The actor of the product's own decisions: a case whose firm was suspended goes back to the
 * pool (server/lawfirms), later a push nobody answered. Its guards accept exactly the events
 * of SYSTEM_EVENTS, and the server audits each decision like any other (actor role `system`).
 */
export const SYSTEM: Readonly<CaseActor> = Object.freeze({
  role: SYSTEM_ROLE,
  userId: null,
  lawyerId: null,
  lawFirmId: null,
});

/**
 * The events the system may send, and why. RELEASE only withdraws a push (a case pushed to or
 * accepted by a firm back to the pool): a case already in a lawyer's hands is not the system's
 * to take away (the machine's processing state refuses it from the system).
 */
export const SYSTEM_EVENTS: Readonly<Partial<Record<MachineEventType, string>>> = {
  RELEASE: 'withdraws a push: the firm was suspended',
  PUSH: 'routes a case by the routing rules: a rule that routes on approval, or the next firm after a push nobody answered',
  PUSH_EXPIRED: 'withdraws a push nobody answered within PUSH_ANSWER_HOURS (server/deadlines/)',
  REOPEN: 'a reversal (冲正) undid a repayment of a case closed as repaid: only such a case',
  CLOSE: 'a reduced repayment plan (减免) was paid in full: the case closes as mediated, the rest waived',
};

export const isSystem = (actor: { role: ActorRole } | null | undefined) => actor?.role === SYSTEM_ROLE;

/** The journey's events (contract/cases.ts CASE_EVENTS, the API's fixed names). */
export const CASE_EVENT_TYPES = CASE_EVENTS;
export type CaseEventType = CaseEventName;

export type CaseEvent =
  | { type: 'APPROVE'; actor: CaseActor }
  | { type: 'RETURN'; actor: CaseActor; reason: string }
  | { type: 'RESUBMIT'; actor: CaseActor }
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
  | { type: 'REOPEN'; actor: CaseActor }
  /** The system's only: the firm did not answer its push in time (never sent through the API). */
  | { type: 'PUSH_EXPIRED'; actor: CaseActor };

/** Events only the product sends (SYSTEM_EVENTS), outside the API's fixed names. */
export const SYSTEM_ONLY_EVENTS = ['PUSH_EXPIRED'] as const;
/** Every event the machine reads: the API's and the system's own. */
export type MachineEventType = CaseEvent['type'];

export type EventOf<T extends MachineEventType> = Extract<CaseEvent, { type: T }>;

/** Where a case stands, as one name: its position while pending, else its status. */
export type CasePlace = (typeof CASE_POSITIONS)[number] | Exclude<CaseStatus, 'pending'>;

/**
 * Why an event does not apply where the case stands, one message per place, so a refusal
 * says what the case is (closed, not yet reviewed, already with a lawyer) rather than only
 * that it cannot be done.
 */
export const IN_STATE_REASONS = [
  'case.transition.inState.awaitingReview',
  'case.transition.inState.returned',
  'case.transition.inState.pool',
  'case.transition.inState.pushed',
  'case.transition.inState.accepted',
  'case.transition.inState.processing',
  'case.transition.inState.suspended',
  'case.transition.inState.closed',
] as const satisfies readonly `case.transition.inState.${CasePlace}`[];

/** Why a transition was refused: i18n keys the browser shows and the server answers with (409). */
export const REFUSAL_REASONS = [
  'case.transition.unknownEvent',
  'case.transition.unknownStatus',
  ...IN_STATE_REASONS,
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

/** The ability each event needs; the actor's scope of it says over which cases. */
export const EVENT_ABILITY = {
  APPROVE: 'cases.review',
  RETURN: 'cases.review',
  // Whoever corrects a returned case (edits it) sends it back to review.
  RESUBMIT: 'cases.edit',
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

/** What the rules read of a case: who has it. */
export interface CaseHolders {
  lawyerId: number | null;
  lawFirmId: number | null;
}

/** The scope in which this actor holds an ability (the system holds none: it has SYSTEM_EVENTS). */
export function actorScope(ability: Ability, actor: CaseActor): AccessScope | null {
  return isSystem(actor) ? null : scopeOf(ability, actor.role as Role);
}

/** Is this case inside the scope the actor holds an ability in? Null when it is, else why not. */
export function scopeRefusal(
  scope: AccessScope | null,
  holders: CaseHolders,
  actor: CaseActor,
): RefusalReason | null {
  if (scope === null) return 'case.transition.notPermitted';
  if (scope === 'all') return null;
  if (scope === 'firm') {
    return actor.lawFirmId != null && actor.lawFirmId === holders.lawFirmId
      ? null
      : 'case.transition.notYourFirm';
  }
  return actor.lawyerId != null && actor.lawyerId === holders.lawyerId
    ? null
    : 'case.transition.notHandlingLawyer';
}

const scopeFor = (event: CaseEvent) => actorScope(EVENT_ABILITY[event.type as CaseEventType], event.actor);
const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const inScope = (holders: CaseHolders, event: CaseEvent) =>
  scopeRefusal(scopeFor(event), holders, event.actor);
const withReason = (holders: CaseHolders, event: CaseEvent & { reason: string }) =>
  inScope(holders, event) ?? (hasText(event.reason) ? null : 'case.transition.reasonRequired');

/**
 * Who may do what, and with which details, for a person. The first rule that fails is the
 * refusal's reason.
 */
const RULES: { [T in CaseEventType]: (holders: CaseHolders, event: EventOf<T>) => RefusalReason | null } = {
  APPROVE: inScope,
  RETURN: withReason,
  RESUBMIT: inScope,
  PUSH: (holders, event) => {
    const refusal = inScope(holders, event);
    if (refusal) return refusal;
    if (event.lawFirmId == null) return 'case.transition.firmRequired';
    return event.lawFirmId === holders.lawFirmId ? 'case.transition.sameFirm' : null;
  },
  // The firm the case was pushed to answers: the case's firm must be the actor's.
  ACCEPT: inScope,
  DECLINE: withReason,
  TAKE: (holders, event) => {
    const { actor } = event;
    // Taking is from the pool open to the lawyer, not over cases they already handle.
    if (scopeFor(event) === null || actor.lawyerId == null) return 'case.transition.notPermitted';
    if (holders.lawyerId != null) return 'case.transition.alreadyTaken';
    if (holders.lawFirmId != null && holders.lawFirmId !== actor.lawFirmId) {
      return 'case.transition.pushedToAnotherFirm';
    }
    return null;
  },
  ASSIGN: (holders, event) => {
    const scope = scopeFor(event);
    if (scope === null) return 'case.transition.notPermitted';
    if (event.lawyerId == null) return 'case.transition.lawyerRequired';
    if (scope === 'all') return null;
    // Within a firm: one of its own lawyers (the server fills the lawyer's firm), on its own case.
    if (event.lawFirmId != null && event.lawFirmId !== event.actor.lawFirmId) {
      return 'case.transition.notYourFirm';
    }
    return scopeRefusal(scope, holders, event.actor);
  },
  RELEASE: inScope,
  SUSPEND: withReason,
  RESUME: inScope,
  CLOSE: (holders, event) =>
    inScope(holders, event) ??
    (CLOSE_RESULTS.includes(event.result) ? null : 'case.transition.invalidResult'),
  REOPEN: inScope,
};

/**
 * The system's rules: an event outside SYSTEM_EVENTS is not the system's to send, and it
 * reopens only a case closed as repaid (a reversal undid what closed it).
 */
function systemRefusal(
  holders: CaseHolders & { result?: CloseResult | null },
  event: CaseEvent,
): RefusalReason | null {
  if (!SYSTEM_EVENTS[event.type]) return 'case.transition.notPermitted';
  if (event.type === 'PUSH') {
    if (event.lawFirmId == null) return 'case.transition.firmRequired';
    return event.lawFirmId === holders.lawFirmId ? 'case.transition.sameFirm' : null;
  }
  if (event.type === 'REOPEN' && holders.result !== 'repaid') return 'case.transition.notPermitted';
  // It closes a case only as a plan paid in full does: mediated (a reduction), or repaid.
  if (event.type === 'CLOSE' && event.result !== 'mediated' && event.result !== 'repaid')
    return 'case.transition.notPermitted';
  return null;
}

/** Why this actor may not send this event to a case held by these, or null when they may. */
export function refusalOf(holders: CaseHolders, event: CaseEvent): RefusalReason | null {
  if (isSystem(event.actor)) return systemRefusal(holders, event);
  if (!Object.hasOwn(RULES, event.type)) return 'case.transition.notPermitted';
  const rule = RULES[event.type as CaseEventType] as (
    holders: CaseHolders,
    event: CaseEvent,
  ) => RefusalReason | null;
  return rule(holders, event);
}

/** Details that pass the detail rules, so `allowedEvents` asks only who may act and when. */
export const SAMPLE_DETAILS: { [T in CaseEventType]: Omit<EventOf<T>, 'type' | 'actor'> } = {
  APPROVE: {},
  RETURN: { reason: 'sample' },
  RESUBMIT: {},
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

export function isCaseEvent(event: unknown): event is CaseEvent {
  const candidate = event as Partial<CaseEvent> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (CASE_EVENT_TYPES.includes(candidate.type as CaseEventType) ||
      (SYSTEM_ONLY_EVENTS as readonly string[]).includes(candidate.type as string)) &&
    typeof candidate.actor === 'object' &&
    candidate.actor !== null &&
    typeof candidate.actor.role === 'string'
  );
}
