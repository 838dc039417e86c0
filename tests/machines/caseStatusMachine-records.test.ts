import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { caseStatusMachine, decideTransition } from '../../machines/caseStatusMachine';
import { ACTORS, CASES, eventFor, FIRM, HANDLING_LAWYER, OTHER_FIRM } from './case-places';

describe('caseStatusMachine: what a transition records', () => {
  it('keeps the return reason while returned, until the corrected case is resubmitted', () => {
    const returned = decideTransition(CASES.awaitingReview, eventFor('RETURN', ACTORS.caseOperation));
    expect(returned).toMatchObject({
      ok: true,
      next: { status: 'pending', position: 'returned', returnReason: '材料不全' },
    });
    if (!returned.ok) return;
    const resubmitted = decideTransition(returned.next, eventFor('RESUBMIT', ACTORS.caseOperation));
    expect(resubmitted).toMatchObject({
      ok: true,
      next: { status: 'pending', position: 'awaitingReview', returnReason: null },
    });
    if (!resubmitted.ok) return;
    expect(decideTransition(resubmitted.next, eventFor('APPROVE', ACTORS.caseOperation))).toMatchObject({
      next: { status: 'pending', position: 'pool', returnReason: null },
    });
  });

  it('lets only those who edit cases resubmit a returned one', () => {
    expect(decideTransition(CASES.returned, eventFor('RESUBMIT', ACTORS.bussinessOperation))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    expect(decideTransition(CASES.awaitingReview, eventFor('RESUBMIT', ACTORS.caseOperation))).toMatchObject({
      reason: 'case.transition.inState.awaitingReview',
    });
  });

  it('records the firm of a push, and clears it when the firm declines', () => {
    expect(decideTransition(CASES.pool, eventFor('PUSH', ACTORS.caseOperation))).toMatchObject({
      next: { position: 'pushed', lawFirmId: OTHER_FIRM },
    });
    expect(decideTransition(CASES.pushed, eventFor('DECLINE', ACTORS.lawfirmContactPerson))).toMatchObject({
      next: { position: 'pool', lawFirmId: null },
    });
  });

  it('records the taking lawyer and their firm', () => {
    expect(decideTransition(CASES.pool, eventFor('TAKE', ACTORS.otherLawyer))).toEqual({
      ok: true,
      next: {
        status: 'processing',
        position: null,
        lawyerId: 8,
        lawFirmId: OTHER_FIRM,
        result: null,
        suspendReason: null,
        returnReason: null,
        stage: 'mediation',
      },
      pushes: [{ kind: 'acceptBy', lawFirmId: OTHER_FIRM }],
    });
  });

  it('returns a released case to the public pool', () => {
    expect(decideTransition(CASES.processing, eventFor('RELEASE', ACTORS.lawyer))).toMatchObject({
      next: { status: 'pending', position: 'pool', lawyerId: null, lawFirmId: null },
    });
  });

  it('keeps the suspension reason while suspended, the result while closed', () => {
    expect(decideTransition(CASES.processing, eventFor('SUSPEND', ACTORS.lawyer))).toMatchObject({
      next: { status: 'suspended', suspendReason: '材料不全' },
    });
    expect(decideTransition(CASES.suspended, eventFor('CLOSE', ACTORS.lawyer))).toMatchObject({
      next: { status: 'closed', result: 'repaid', suspendReason: null },
    });
    expect(decideTransition(CASES.closed, eventFor('REOPEN', ACTORS.superAdmin))).toMatchObject({
      next: { status: 'processing', result: null, lawyerId: HANDLING_LAWYER },
    });
  });

  it('runs as an actor through a whole journey', () => {
    const actor = createActor(caseStatusMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toEqual({ pending: 'awaitingReview' });
    actor.send({ type: 'PUSH', actor: ACTORS.caseOperation, lawFirmId: FIRM });
    expect(actor.getSnapshot().value).toEqual({ pending: 'awaitingReview' });
    actor.send({ type: 'APPROVE', actor: ACTORS.caseOperation });
    actor.send({ type: 'PUSH', actor: ACTORS.caseOperation, lawFirmId: FIRM });
    actor.send({ type: 'ACCEPT', actor: ACTORS.lawfirmContactPerson });
    expect(actor.getSnapshot().value).toEqual({ pending: 'accepted' });
    actor.send({
      type: 'ASSIGN',
      actor: ACTORS.lawfirmContactPerson,
      lawyerId: HANDLING_LAWYER,
      lawFirmId: FIRM,
    });
    actor.send({ type: 'SUSPEND', actor: ACTORS.lawyer, reason: '等待' });
    actor.send({ type: 'RESUME', actor: ACTORS.lawyer });
    actor.send({ type: 'CLOSE', actor: ACTORS.lawyer, result: 'repaid' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'REOPEN', actor: ACTORS.superAdmin });
    expect(actor.getSnapshot().value).toBe('processing');
    expect(actor.getSnapshot().context).toEqual({
      lawyerId: HANDLING_LAWYER,
      lawFirmId: FIRM,
      result: null,
      suspendReason: null,
      returnReason: null,
      stage: 'mediation',
    });
  });
});
