import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  type CaseActor,
  type CaseEvent,
  type CaseState,
  decideTransition,
} from '../../machines/caseStatusMachine';
import { ACTORS, CASES, eventFor, FIRM, OTHER_FIRM } from './case-places';

describe('caseStatusMachine: reasons for a refusal', () => {
  it('says where the case stands when the event does not apply there', () => {
    expect(decideTransition(CASES.closed, eventFor('CLOSE', ACTORS.superAdmin))).toEqual({
      ok: false,
      reason: 'case.transition.inState.closed',
      params: { state: 'closed' },
    });
    // A case awaiting review is not in the pool yet.
    expect(decideTransition(CASES.awaitingReview, eventFor('TAKE', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.inState.awaitingReview',
      params: { state: 'awaitingReview' },
    });
    // Already with a lawyer: a push is too late.
    expect(decideTransition(CASES.processing, eventFor('PUSH', ACTORS.caseOperation))).toMatchObject({
      reason: 'case.transition.inState.processing',
    });
    // Returned: review waits for the corrected case.
    expect(decideTransition(CASES.returned, eventFor('APPROVE', ACTORS.caseOperation))).toMatchObject({
      reason: 'case.transition.inState.returned',
    });
  });

  it('needs a reason to return a case or decline a push', () => {
    const blank = { type: 'RETURN', actor: ACTORS.caseOperation, reason: '  ' } as const;
    expect(decideTransition(CASES.awaitingReview, blank)).toEqual({
      ok: false,
      reason: 'case.transition.reasonRequired',
    });
    const decline = { type: 'DECLINE', actor: ACTORS.lawfirmContactPerson, reason: '' } as const;
    expect(decideTransition(CASES.pushed, decline)).toEqual({
      ok: false,
      reason: 'case.transition.reasonRequired',
    });
  });

  it('needs a firm to push to, and another one than the current', () => {
    expect(
      decideTransition(CASES.pool, { type: 'PUSH', actor: ACTORS.caseOperation, lawFirmId: null }),
    ).toEqual({ ok: false, reason: 'case.transition.firmRequired' });
    expect(
      decideTransition(CASES.pushed, { type: 'PUSH', actor: ACTORS.caseOperation, lawFirmId: FIRM }),
    ).toEqual({ ok: false, reason: 'case.transition.sameFirm' });
  });

  it('lets only the firm the case was pushed to answer it', () => {
    expect(decideTransition(CASES.pushed, eventFor('ACCEPT', ACTORS.otherFirmContact))).toEqual({
      ok: false,
      reason: 'case.transition.notYourFirm',
    });
    expect(decideTransition(CASES.pushed, eventFor('ACCEPT', ACTORS.caseOperation))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
  });

  it('lets only lawyers take a case from the pool', () => {
    expect(decideTransition(CASES.pool, eventFor('TAKE', ACTORS.caseOperation))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    const lawyerWithoutRecord: CaseActor = { role: 'lawyer', userId: 10 };
    expect(decideTransition(CASES.pool, eventFor('TAKE', lawyerWithoutRecord))).toMatchObject({
      reason: 'case.transition.notPermitted',
    });
  });

  it('keeps a case pushed to a firm for that firm’s lawyers', () => {
    expect(decideTransition(CASES.pushed, eventFor('TAKE', ACTORS.otherLawyer))).toEqual({
      ok: false,
      reason: 'case.transition.pushedToAnotherFirm',
    });
  });

  it('lets operations assign any case, and a firm only its own cases to its own lawyers', () => {
    expect(decideTransition(CASES.pool, eventFor('ASSIGN', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    expect(decideTransition(CASES.pool, eventFor('ASSIGN', ACTORS.lawfirmContactPerson))).toEqual({
      ok: false,
      reason: 'case.transition.notYourFirm',
    });
    expect(
      decideTransition(CASES.pool, { type: 'ASSIGN', actor: ACTORS.caseOperation, lawyerId: null }),
    ).toEqual({
      ok: false,
      reason: 'case.transition.lawyerRequired',
    });
    expect(
      decideTransition(CASES.accepted, {
        type: 'ASSIGN',
        actor: ACTORS.lawfirmContactPerson,
        lawyerId: 8,
        lawFirmId: OTHER_FIRM,
      }),
    ).toEqual({ ok: false, reason: 'case.transition.notYourFirm' });
  });

  it('lets only the handling lawyer or case operations close', () => {
    expect(decideTransition(CASES.processing, eventFor('CLOSE', ACTORS.firmLawyer))).toEqual({
      ok: false,
      reason: 'case.transition.notHandlingLawyer',
    });
    expect(decideTransition(CASES.processing, eventFor('CLOSE', ACTORS.bussinessOperation))).toMatchObject({
      reason: 'case.transition.notPermitted',
    });
  });

  it('needs a suspension reason and a known close result', () => {
    const blank = { type: 'SUSPEND', actor: ACTORS.lawyer, reason: '   ' } as const;
    expect(decideTransition(CASES.processing, blank)).toEqual({
      ok: false,
      reason: 'case.transition.reasonRequired',
    });
    const bogus = { type: 'CLOSE', actor: ACTORS.lawyer, result: 'won' } as unknown as CaseEvent;
    expect(decideTransition(CASES.processing, bogus)).toEqual({
      ok: false,
      reason: 'case.transition.invalidResult',
    });
  });

  it('refuses what is not an event of the machine, and a status it does not know', () => {
    const unknown = { type: 'DELETE', actor: ACTORS.superAdmin } as unknown as CaseEvent;
    expect(decideTransition(CASES.pool, unknown)).toEqual({
      ok: false,
      reason: 'case.transition.unknownEvent',
    });
    const anonymous = { type: 'TAKE' } as unknown as CaseEvent;
    expect(decideTransition(CASES.pool, anonymous)).toEqual({
      ok: false,
      reason: 'case.transition.unknownEvent',
    });
    const odd = { status: 'archived', lawyerId: null, lawFirmId: null } as unknown as CaseState;
    expect(decideTransition(odd, eventFor('TAKE', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.unknownStatus',
    });
  });

  it('reads a stored pending case without a position as in the pool', () => {
    const old: CaseState = { status: 'pending', lawyerId: null, lawFirmId: null };
    expect(allowedEvents(old, ACTORS.caseOperation)).toEqual(['PUSH', 'ASSIGN']);
  });
});
