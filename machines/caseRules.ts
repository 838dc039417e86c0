import { type Ability, scopeOf } from '../contract/access';
import {
  CASE_ABILITY_NAMES,
  CASE_POSITIONS,
  CASE_STATUSES,
  type CaseAbility,
  type CasePosition,
  type CaseStatus,
} from '../contract/cases';
import { OPEN_PLAN_STATUSES } from '../contract/enum-values';
import type { Role } from '../contract/roles';
import { type CaseActor, type CaseHolders, isSystem, scopeRefusal } from './caseGuards';
import { type CaseState, caseSnapshot, caseStatusMachine } from './caseStatusMachine';
import type { CaseTag } from './caseTags';

/**
 * The rules that follow from where a case stands, read from the case status machine's tags
 * (caseTags.ts) so that no other layer writes a list of statuses or positions:
 * - predicates over one case (`isUnassigned`, `canRepay` ...), for the server's checks;
 * - the statuses and positions carrying a tag (`statusesTagged('worked')`), for queries;
 * - what a person may do to a case besides its events (`caseAbilities`), which the server
 *   sends with each case row as `can` for the descriptors' `when`.
 */

type StateNodeLike = { tags: readonly string[]; states: Record<string, StateNodeLike> };
const root = caseStatusMachine.root as unknown as StateNodeLike;

/** The statuses whose own state carries this tag (every position of `pending` when pending does). */
export function statusesTagged(tag: CaseTag): CaseStatus[] {
  return CASE_STATUSES.filter((status) => root.states[status].tags.includes(tag));
}

/** The positions of a pending case that carry this tag themselves (not through `pending`). */
export function positionsTagged(tag: CaseTag): CasePosition[] {
  return CASE_POSITIONS.filter((position) => root.states.pending.states[position].tags.includes(tag));
}

/** Does the case carry this tag where it stands? */
export function hasCaseTag(state: Pick<CaseState, 'status' | 'position'>, tag: CaseTag): boolean {
  return caseSnapshot({ ...state, lawyerId: null, lawFirmId: null }).hasTag(tag);
}

/** Approved and in nobody's hands yet (pool, pushed, accepted). */
export const isUnassigned = (state: Pick<CaseState, 'status' | 'position'>) =>
  hasCaseTag(state, 'unassigned');
/** Pushed to a firm that has not answered: an assignment to another firm's lawyer withdraws the push. */
export const isAwaitingFirmAnswer = (state: Pick<CaseState, 'status' | 'position'>) =>
  hasCaseTag(state, 'awaitingAnswer');
/** In a lawyer's hands (processing or suspended). */
export const isWorked = (state: Pick<CaseState, 'status' | 'position'>) => hasCaseTag(state, 'worked');
/** Closed. */
export const isFinished = (state: Pick<CaseState, 'status' | 'position'>) => hasCaseTag(state, 'finished');
/** Repayments may be recorded for it. */
export const canRepay = (state: Pick<CaseState, 'status' | 'position'>) => hasCaseTag(state, 'repayable');
/** Its handling lawyer may write a letter for it (also: a letter on it may still be passed or resubmitted). */
export const canWriteLetter = (state: Pick<CaseState, 'status' | 'position'>) =>
  hasCaseTag(state, 'letterWritable');
/** A repayment plan may be proposed for it (processing, not suspended). */
export const canPlan = (state: Pick<CaseState, 'status' | 'position'>) => hasCaseTag(state, 'active');
/** Payment follow-ups may be added to it. */
export const canFollowUp = (state: Pick<CaseState, 'status' | 'position'>) => hasCaseTag(state, 'followUps');

/**
 * What a case's record holds beside where it stands that an ability also depends on. The
 * machine's states do not carry it; the server fills it from the case row (server/cases/rows.ts).
 */
export interface CaseFacts {
  /** Its latest repayment plan is still open (waiting for approval, active or broken). */
  openPlan?: boolean;
}

/** Is a plan of this status still open (one open plan a case)? */
export const isOpenPlan = (planStatus: string | null | undefined): boolean =>
  (OPEN_PLAN_STATUSES as readonly (string | null | undefined)[]).includes(planStatus);

/**
 * What a person may do to a case beyond its events: where it stands allows it (the tag), no
 * fact of its record stands in the way (`unless`), and the person holds the ability over this
 * case (`all`: any case, `firm`: their firm's, `own`: the cases they handle). The case's events
 * are `allowedEvents`.
 */
export const CASE_ABILITIES = {
  /** Review it (open the review page): awaiting review, for reviewers. */
  review: { tag: 'inReview', ability: 'cases.review' },
  /** Record a repayment: being worked or suspended, for whoever works the case. */
  repay: { tag: 'repayable', ability: 'cases.run' },
  /** Add a payment follow-up. */
  followUp: { tag: 'followUps', ability: 'cases.run' },
  /** Write a lawyer's letter: in processing, for its handling lawyer. */
  writeLetter: { tag: 'letterWritable', ability: 'letters.write' },
  /**
   * Propose a repayment plan: in processing (not suspended), for its handling lawyer, while no
   * plan of the case is open (the server answers 409 `plan.openPlanExists` otherwise).
   */
  proposePlan: { tag: 'active', ability: 'plans.propose', unless: 'openPlan' },
  /** Change the claim's parts (本金, 利息, 罚息, 费用): until review approves the case, for its editors. */
  editClaim: { tag: 'intakeEditable', ability: 'cases.edit' },
  /**
   * Record another agreed allocation order (冲抵顺序) with its reason: whoever records the
   * case's repayments, while it is not closed (an order agreed at intake may come first).
   */
  allocationOrder: { tag: 'ongoing', ability: 'cases.run' },
  /** Extend the entrustment (延长委托, server/deadlines/routes.ts): while it is not closed, for case operations. */
  extendEntrustment: { tag: 'ongoing', ability: 'cases.entrust' },
} as const satisfies Record<CaseAbility, { tag: CaseTag; ability: Ability; unless?: keyof CaseFacts }>;

export type CaseCan = Record<CaseAbility, boolean>;

/** May this actor do this to the case (tag, facts and ability over it)? */
export function mayDo(
  ability: CaseAbility,
  state: Pick<CaseState, 'status' | 'position'> & CaseHolders & CaseFacts,
  actor: CaseActor,
): boolean {
  const rule: { tag: CaseTag; ability: Ability; unless?: keyof CaseFacts } = CASE_ABILITIES[ability];
  if (isSystem(actor) || !hasCaseTag(state, rule.tag)) return false;
  if (rule.unless && state[rule.unless]) return false;
  return scopeRefusal(scopeOf(rule.ability, actor.role as Role), state, actor) === null;
}

/** Everything of CASE_ABILITIES this actor may do to the case now: a case row's `can`. */
export function caseAbilities(
  state: Pick<CaseState, 'status' | 'position'> & CaseHolders & CaseFacts,
  actor: CaseActor,
): CaseCan {
  return Object.fromEntries(CASE_ABILITY_NAMES.map((name) => [name, mayDo(name, state, actor)])) as CaseCan;
}
