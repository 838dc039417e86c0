import { describe, expect, it } from 'vitest';
import { CASE_POSITIONS, CASE_STATUSES } from '../../contract/cases';
import {
  canFollowUp,
  canRepay,
  canWriteLetter,
  caseAbilities,
  hasCaseTag,
  isOpenPlan,
  isUnassigned,
  isWorked,
  mayDo,
  positionsTagged,
  statusesTagged,
} from '../../machines/caseRules';
import {
  allowedEvents,
  type CaseActor,
  type CaseState,
  caseStatusMachine,
  decideTransition,
  SYSTEM,
  SYSTEM_EVENTS,
} from '../../machines/caseStatusMachine';
import { CASE_TAG_NAMES } from '../../machines/caseTags';

const FIRM = 3;
const OTHER_FIRM = 4;
const LAWYER = 7;

const pending = (position: CaseState['position'], lawFirmId: number | null = null): CaseState => ({
  status: 'pending',
  position,
  lawyerId: null,
  lawFirmId,
  stage: 'intake',
});
const worked = (status: 'processing' | 'suspended' | 'closed'): CaseState => ({
  status,
  lawyerId: LAWYER,
  lawFirmId: FIRM,
  stage: 'litigation',
});

const operations: CaseActor = { role: 'caseOperation', userId: 2 };
const handlingLawyer: CaseActor = { role: 'lawyer', userId: 5, lawyerId: LAWYER, lawFirmId: FIRM };
const otherLawyer: CaseActor = { role: 'lawyer', userId: 6, lawyerId: 8, lawFirmId: FIRM };
const contact: CaseActor = { role: 'lawfirmContactPerson', userId: 4, lawFirmId: FIRM };

/**
 * The groups as the product states them (issue 18), written here by hand: the machine's tags
 * must give exactly these, since every query and `when` is built from them.
 */
describe('the case machine’s named groups (tags)', () => {
  it.each([
    ['inReview', [], ['awaitingReview']],
    ['unassigned', [], ['pool', 'pushed', 'accepted']],
    ['withFirm', [], ['pushed', 'accepted']],
    ['openPool', [], ['pool']],
    ['worked', ['processing', 'suspended'], []],
    ['active', ['processing'], []],
    ['repayable', ['processing', 'suspended'], []],
    ['letterWritable', ['processing'], []],
    ['followUps', ['processing', 'suspended', 'closed'], []],
    ['ongoing', ['pending', 'processing', 'suspended'], []],
    ['finished', ['closed'], []],
  ] as const)('%s: statuses %j, positions %j', (tag, statuses, positions) => {
    expect(statusesTagged(tag)).toEqual(statuses);
    expect(positionsTagged(tag)).toEqual(positions);
  });

  it('lists every tag the machine’s states carry, and every tag is on some state', () => {
    const used = new Set<string>();
    const walk = (node: { tags: readonly string[]; states: Record<string, unknown> }) => {
      for (const tag of node.tags) used.add(tag);
      for (const child of Object.values(node.states)) walk(child as typeof node);
    };
    walk(caseStatusMachine.root as unknown as { tags: string[]; states: Record<string, unknown> });
    expect([...used].sort()).toEqual([...CASE_TAG_NAMES].sort());
  });

  it('answers for one case as the lists do', () => {
    for (const status of CASE_STATUSES) {
      const positions = status === 'pending' ? CASE_POSITIONS : [null];
      for (const position of positions) {
        for (const tag of CASE_TAG_NAMES) {
          const inLists =
            statusesTagged(tag).includes(status) ||
            (position !== null && positionsTagged(tag).includes(position));
          expect(hasCaseTag({ status, position }, tag), `${status}.${position} ${tag}`).toBe(inLists);
        }
      }
    }
  });

  it('names the predicates after the groups', () => {
    expect(isUnassigned(pending('pushed', FIRM))).toBe(true);
    expect(isUnassigned(pending('returned'))).toBe(false);
    expect(isWorked(worked('suspended'))).toBe(true);
    expect(isWorked(worked('closed'))).toBe(false);
    expect(canRepay(worked('suspended'))).toBe(true);
    expect(canRepay(worked('closed'))).toBe(false);
    expect(canWriteLetter(worked('processing'))).toBe(true);
    expect(canWriteLetter(worked('suspended'))).toBe(false);
    expect(canFollowUp(worked('closed'))).toBe(true);
    expect(canFollowUp(pending('pool'))).toBe(false);
  });
});

describe('what a person may do to a case besides its events (`can`)', () => {
  it('lets the handling lawyer repay, follow up, write a letter, propose a plan and agree an order while processing', () => {
    expect(caseAbilities(worked('processing'), handlingLawyer)).toEqual({
      review: false,
      repay: true,
      followUp: true,
      writeLetter: true,
      proposePlan: true,
      editClaim: false,
      allocationOrder: true,
      extendEntrustment: false,
    });
  });

  it('lets no other lawyer of the firm do any of it', () => {
    expect(caseAbilities(worked('processing'), otherLawyer)).toEqual({
      review: false,
      repay: false,
      followUp: false,
      writeLetter: false,
      proposePlan: false,
      editClaim: false,
      allocationOrder: false,
      extendEntrustment: false,
    });
  });

  it('lets operations record repayments, follow-ups and an agreed order, and extend the entrustment, but write no letter', () => {
    expect(caseAbilities(worked('suspended'), operations)).toEqual({
      review: false,
      repay: true,
      followUp: true,
      writeLetter: false,
      proposePlan: false,
      editClaim: false,
      allocationOrder: true,
      extendEntrustment: true,
    });
  });

  it('offers no second plan while the case has an open one (waiting, active or broken)', () => {
    expect(mayDo('proposePlan', { ...worked('processing'), openPlan: true }, handlingLawyer)).toBe(false);
    expect(mayDo('proposePlan', { ...worked('processing'), openPlan: false }, handlingLawyer)).toBe(true);
    expect(caseAbilities({ ...worked('processing'), openPlan: true }, handlingLawyer)).toMatchObject({
      proposePlan: false,
      repay: true,
    });
    expect(['pendingApproval', 'active', 'broken'].map(isOpenPlan)).toEqual([true, true, true]);
    expect(['completed', 'rejected', null].map(isOpenPlan)).toEqual([false, false, false]);
  });

  it('lets the claim change only until review approves the case, for its editors', () => {
    expect(mayDo('editClaim', pending('awaitingReview'), operations)).toBe(true);
    expect(mayDo('editClaim', pending('returned'), operations)).toBe(true);
    expect(mayDo('editClaim', pending('pool'), operations)).toBe(false);
    expect(mayDo('editClaim', worked('processing'), operations)).toBe(false);
    expect(mayDo('editClaim', pending('awaitingReview'), contact)).toBe(false);
  });

  it('takes an agreed allocation order until the case is closed', () => {
    expect(mayDo('allocationOrder', pending('pool'), operations)).toBe(true);
    expect(mayDo('allocationOrder', worked('closed'), operations)).toBe(false);
    expect(mayDo('allocationOrder', worked('closed'), handlingLawyer)).toBe(false);
    expect(mayDo('allocationOrder', pending('pool'), handlingLawyer)).toBe(false);
  });

  it('stops repayments once closed, and letters once suspended', () => {
    expect(mayDo('repay', worked('closed'), handlingLawyer)).toBe(false);
    expect(mayDo('followUp', worked('closed'), handlingLawyer)).toBe(true);
    expect(mayDo('writeLetter', worked('suspended'), handlingLawyer)).toBe(false);
  });

  it('offers review of a case awaiting it to reviewers only, and not of a returned one', () => {
    expect(mayDo('review', pending('awaitingReview'), operations)).toBe(true);
    expect(mayDo('review', pending('awaitingReview'), contact)).toBe(false);
    expect(mayDo('review', pending('returned'), operations)).toBe(false);
  });
});

describe('the system actor', () => {
  it('sends exactly the events the product decides on its own', () => {
    expect(Object.keys(SYSTEM_EVENTS)).toEqual(['RELEASE', 'PUSH', 'PUSH_EXPIRED', 'REOPEN', 'CLOSE']);
  });

  it('withdraws a push nobody answered (PUSH_EXPIRED), only from pushed, and never for a person', () => {
    expect(decideTransition(pending('pushed', FIRM), { type: 'PUSH_EXPIRED', actor: SYSTEM })).toMatchObject({
      ok: true,
      next: { status: 'pending', position: 'pool', lawFirmId: null },
      pushes: [{ kind: 'withdraw', lawFirmId: null }],
    });
    expect(
      decideTransition(pending('accepted', FIRM), { type: 'PUSH_EXPIRED', actor: SYSTEM }),
    ).toMatchObject({
      ok: false,
      reason: 'case.transition.inState.accepted',
    });
    const operations = { role: 'caseOperation' as const, userId: 2 };
    expect(
      decideTransition(pending('pushed', FIRM), { type: 'PUSH_EXPIRED', actor: operations }),
    ).toMatchObject({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
  });

  it('pushes a pooled case by the routing rules, always to a firm', () => {
    expect(decideTransition(pending('pool'), { type: 'PUSH', actor: SYSTEM, lawFirmId: 7 })).toMatchObject({
      ok: true,
      next: { position: 'pushed', lawFirmId: 7 },
    });
    expect(decideTransition(pending('pool'), { type: 'PUSH', actor: SYSTEM, lawFirmId: null })).toMatchObject(
      {
        ok: false,
        reason: 'case.transition.firmRequired',
      },
    );
  });

  it('withdraws a push: a case pushed to or accepted by a firm goes back to the pool', () => {
    for (const position of ['pushed', 'accepted'] as const) {
      expect(decideTransition(pending(position, FIRM), { type: 'RELEASE', actor: SYSTEM })).toEqual({
        ok: true,
        next: {
          status: 'pending',
          position: 'pool',
          lawyerId: null,
          lawFirmId: null,
          result: null,
          suspendReason: null,
          returnReason: null,
          stage: 'intake',
        },
        pushes: [{ kind: 'withdraw', lawFirmId: null }],
      });
    }
  });

  it('does not take a case out of a lawyer’s hands', () => {
    expect(decideTransition(worked('processing'), { type: 'RELEASE', actor: SYSTEM })).toEqual({
      ok: false,
      reason: 'case.transition.inState.processing',
      params: { state: 'processing' },
    });
  });

  it('is refused every other event, wherever the case stands', () => {
    // Routing pushes a pooled case, or a lapsed push's case on to the next firm (PUSH_EXPIRED,
    // the system's own, is outside the API's events that allowedEvents lists).
    expect(allowedEvents(pending('pushed', FIRM), SYSTEM)).toEqual(['PUSH', 'RELEASE']);
    expect(allowedEvents(pending('accepted', FIRM), SYSTEM)).toEqual(['RELEASE']);
    expect(allowedEvents(pending('pool'), SYSTEM)).toEqual(['PUSH']);
    for (const state of [pending('awaitingReview'), pending('returned'), worked('closed')]) {
      expect(allowedEvents(state, SYSTEM)).toEqual([]);
    }
    expect(decideTransition(pending('awaitingReview'), { type: 'APPROVE', actor: SYSTEM })).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    // A plan paid in full closes its case (mediated or repaid); never as failed or withdrawn.
    expect(allowedEvents(worked('processing'), SYSTEM)).toEqual(['CLOSE']);
    expect(
      decideTransition(worked('processing'), { type: 'CLOSE', actor: SYSTEM, result: 'failed' }),
    ).toMatchObject({ ok: false, reason: 'case.transition.notPermitted' });
  });

  it('may do nothing besides its events', () => {
    expect(caseAbilities(worked('processing'), SYSTEM)).toEqual({
      review: false,
      repay: false,
      followUp: false,
      writeLetter: false,
      proposePlan: false,
      editClaim: false,
      allocationOrder: false,
      extendEntrustment: false,
    });
  });
});

describe('what follows from a decision', () => {
  const decided = (state: CaseState, event: Parameters<typeof decideTransition>[1]) => {
    const decision = decideTransition(state, event);
    if (!decision.ok) throw new Error(decision.reason);
    return decision;
  };

  it('keeps the stage’s invariants: intake while pending, archived once closed, past intake once worked', () => {
    expect(decided(pending('pool'), { type: 'TAKE', actor: handlingLawyer }).next.stage).toBe('mediation');
    expect(
      decided(worked('processing'), { type: 'SUSPEND', actor: handlingLawyer, reason: '等待' }).next.stage,
    ).toBe('litigation');
    expect(
      decided(worked('processing'), { type: 'CLOSE', actor: handlingLawyer, result: 'mediated' }).next.stage,
    ).toBe('archived');
    const closed = { ...worked('closed'), stage: 'archived' as const, result: 'mediated' as const };
    expect(decided(closed, { type: 'REOPEN', actor: { role: 'superAdmin', userId: 1 } }).next.stage).toBe(
      'mediation',
    );
    expect(decided(worked('processing'), { type: 'RELEASE', actor: handlingLawyer }).next.stage).toBe(
      'intake',
    );
  });

  it('opens a push to the firm, withdrawing one still open', () => {
    expect(decided(pending('pool'), { type: 'PUSH', actor: operations, lawFirmId: FIRM }).pushes).toEqual([
      { kind: 'withdraw', lawFirmId: null },
      { kind: 'open', lawFirmId: FIRM },
    ]);
    expect(
      decided(pending('pushed', FIRM), { type: 'PUSH', actor: operations, lawFirmId: OTHER_FIRM }).pushes,
    ).toEqual([
      { kind: 'withdraw', lawFirmId: null },
      { kind: 'open', lawFirmId: OTHER_FIRM },
    ]);
  });

  it('closes the firm’s push with its answer', () => {
    expect(decided(pending('pushed', FIRM), { type: 'ACCEPT', actor: contact }).pushes).toEqual([
      { kind: 'answer', lawFirmId: FIRM, status: 'accepted', reason: null },
    ]);
    expect(
      decided(pending('pushed', FIRM), { type: 'DECLINE', actor: contact, reason: ' 人手不足 ' }).pushes,
    ).toEqual([{ kind: 'answer', lawFirmId: FIRM, status: 'declined', reason: '人手不足' }]);
  });

  it('withdraws the push when operations take the case back', () => {
    expect(decided(pending('accepted', FIRM), { type: 'RELEASE', actor: operations }).pushes).toEqual([
      { kind: 'withdraw', lawFirmId: null },
    ]);
    // A case released from a lawyer's hands keeps its firm's history as it is.
    expect(decided(worked('processing'), { type: 'RELEASE', actor: operations }).pushes).toEqual([]);
  });

  it('hands a pushed case to a lawyer of another firm: that push withdrawn, the lawyer’s firm accepting', () => {
    expect(
      decided(pending('pushed', FIRM), {
        type: 'ASSIGN',
        actor: operations,
        lawyerId: 9,
        lawFirmId: OTHER_FIRM,
      }).pushes,
    ).toEqual([
      { kind: 'withdraw', lawFirmId: FIRM },
      { kind: 'acceptBy', lawFirmId: OTHER_FIRM },
    ]);
    expect(decided(pending('accepted', FIRM), { type: 'TAKE', actor: handlingLawyer }).pushes).toEqual([
      { kind: 'acceptBy', lawFirmId: FIRM },
    ]);
  });

  it('records a reassignment to another firm’s lawyer as that firm accepting, and none within the firm', () => {
    const assign = (lawFirmId: number) =>
      decided(worked('processing'), { type: 'ASSIGN', actor: operations, lawyerId: 9, lawFirmId }).pushes;
    expect(assign(OTHER_FIRM)).toEqual([{ kind: 'acceptBy', lawFirmId: OTHER_FIRM }]);
    expect(assign(FIRM)).toEqual([]);
  });

  it('changes no push record on review, suspension or closing', () => {
    expect(
      decided(pending('awaitingReview'), { type: 'RETURN', actor: operations, reason: '缺材料' }).pushes,
    ).toEqual([]);
    expect(decided(pending('returned'), { type: 'RESUBMIT', actor: operations }).pushes).toEqual([]);
    expect(
      decided(worked('processing'), { type: 'CLOSE', actor: operations, result: 'failed' }).pushes,
    ).toEqual([]);
  });
});
