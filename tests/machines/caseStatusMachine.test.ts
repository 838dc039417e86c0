import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ROLES } from '../../contract/roles';
import {
  allowedEvents,
  type CaseActor,
  type CaseEvent,
  type CaseEventType,
  type CaseState,
  caseStatusMachine,
  decideTransition,
} from '../../machines/caseStatusMachine';

const HANDLING_LAWYER = 7;
const FIRM = 3;
const OTHER_FIRM = 4;

/**
 * One case per place on the journey: awaiting review and in the pool (no firm), pushed to and
 * accepted by firm 3, and the handled ones with lawyer 7 of firm 3.
 */
type Place =
  | 'awaitingReview'
  | 'returned'
  | 'pool'
  | 'pushed'
  | 'accepted'
  | 'processing'
  | 'suspended'
  | 'closed';
const CASES: Record<Place, CaseState> = {
  awaitingReview: { status: 'pending', position: 'awaitingReview', lawyerId: null, lawFirmId: null },
  returned: {
    status: 'pending',
    position: 'returned',
    lawyerId: null,
    lawFirmId: null,
    returnReason: '缺少借款合同',
  },
  pool: { status: 'pending', position: 'pool', lawyerId: null, lawFirmId: null },
  pushed: { status: 'pending', position: 'pushed', lawyerId: null, lawFirmId: FIRM },
  accepted: { status: 'pending', position: 'accepted', lawyerId: null, lawFirmId: FIRM },
  processing: { status: 'processing', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
  suspended: {
    status: 'suspended',
    lawyerId: HANDLING_LAWYER,
    lawFirmId: FIRM,
    suspendReason: '等待法院排期',
  },
  closed: { status: 'closed', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM, result: 'mediated' },
};

/** Every role; for lawyers the handling one, another of the same firm and one of another firm; two contact persons. */
type ActorName = (typeof ROLES)[number] | 'firmLawyer' | 'otherLawyer' | 'otherFirmContact';
const ACTORS: Record<ActorName, CaseActor> = {
  superAdmin: { role: 'superAdmin', userId: 1 },
  caseOperation: { role: 'caseOperation', userId: 2 },
  bussinessOperation: { role: 'bussinessOperation', userId: 3 },
  lawfirmContactPerson: { role: 'lawfirmContactPerson', userId: 4, lawFirmId: FIRM },
  otherFirmContact: { role: 'lawfirmContactPerson', userId: 11, lawFirmId: OTHER_FIRM },
  lawyer: { role: 'lawyer', userId: 5, lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
  firmLawyer: { role: 'lawyer', userId: 10, lawyerId: 9, lawFirmId: FIRM },
  otherLawyer: { role: 'lawyer', userId: 6, lawyerId: 8, lawFirmId: OTHER_FIRM },
  admin: { role: 'admin', userId: 12 },
};

/** Each event with details that pass the detail rules: a push to the other firm, an assignment to lawyer 7 of firm 3. */
function eventFor(type: CaseEventType, actor: CaseActor): CaseEvent {
  switch (type) {
    case 'ASSIGN':
      return { type, actor, lawyerId: HANDLING_LAWYER, lawFirmId: FIRM };
    case 'PUSH':
      return { type, actor, lawFirmId: OTHER_FIRM };
    case 'RETURN':
    case 'DECLINE':
    case 'SUSPEND':
      return { type, actor, reason: '材料不全' };
    case 'CLOSE':
      return { type, actor, result: 'repaid' };
    default:
      return { type, actor };
  }
}

const OPS: ActorName[] = ['superAdmin', 'caseOperation'];
const HANDLERS: ActorName[] = ['superAdmin', 'caseOperation', 'lawyer'];

/**
 * Who may send which event where: written from issue 8's rules, not from the machine. An actor
 * missing from a list must be refused; an event missing from a place does not apply there.
 */
const EXPECTED: Record<Place, Partial<Record<CaseEventType, ActorName[]>>> = {
  awaitingReview: { APPROVE: OPS, RETURN: OPS },
  returned: { RESUBMIT: OPS },
  pool: { PUSH: OPS, TAKE: ['lawyer', 'firmLawyer', 'otherLawyer'], ASSIGN: OPS },
  pushed: {
    PUSH: OPS,
    ACCEPT: ['lawfirmContactPerson'],
    DECLINE: ['lawfirmContactPerson'],
    RELEASE: OPS,
    TAKE: ['lawyer', 'firmLawyer'],
    ASSIGN: [...OPS, 'lawfirmContactPerson'],
  },
  accepted: { RELEASE: OPS, TAKE: ['lawyer', 'firmLawyer'], ASSIGN: [...OPS, 'lawfirmContactPerson'] },
  processing: {
    ASSIGN: [...OPS, 'lawfirmContactPerson'],
    RELEASE: HANDLERS,
    SUSPEND: HANDLERS,
    CLOSE: HANDLERS,
  },
  suspended: { RESUME: HANDLERS, CLOSE: HANDLERS },
  closed: { REOPEN: ['superAdmin'] },
};

/** Where an accepted event leads from each place. */
const NEXT: Record<Place, Partial<Record<CaseEventType, Place>>> = {
  awaitingReview: { APPROVE: 'pool', RETURN: 'returned' },
  returned: { RESUBMIT: 'awaitingReview' },
  pool: { PUSH: 'pushed', TAKE: 'processing', ASSIGN: 'processing' },
  pushed: {
    PUSH: 'pushed',
    ACCEPT: 'accepted',
    DECLINE: 'pool',
    RELEASE: 'pool',
    TAKE: 'processing',
    ASSIGN: 'processing',
  },
  accepted: { RELEASE: 'pool', TAKE: 'processing', ASSIGN: 'processing' },
  processing: { ASSIGN: 'processing', RELEASE: 'pool', SUSPEND: 'suspended', CLOSE: 'closed' },
  suspended: { RESUME: 'processing', CLOSE: 'closed' },
  closed: { REOPEN: 'processing' },
};

const placeOf = (state: CaseState): Place =>
  state.status === 'pending' ? (state.position as Place) : (state.status as Place);

const PLACES = Object.keys(CASES) as Place[];
const EVENT_TYPES: CaseEventType[] = [
  'APPROVE',
  'RETURN',
  'RESUBMIT',
  'PUSH',
  'ACCEPT',
  'DECLINE',
  'TAKE',
  'ASSIGN',
  'RELEASE',
  'SUSPEND',
  'RESUME',
  'CLOSE',
  'REOPEN',
];
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];

const matrix = PLACES.flatMap((place) =>
  ACTOR_NAMES.flatMap((actor) => EVENT_TYPES.map((event) => [place, actor, event] as const)),
);

describe('caseStatusMachine: every event from every place for every role', () => {
  it('covers all six roles and every event', () => {
    expect(ROLES.every((role) => ACTOR_NAMES.includes(role))).toBe(true);
    expect(new Set(EVENT_TYPES).size).toBe(13);
  });

  it.each(matrix)('%s case, %s sends %s', (place, actorName, type) => {
    const decision = decideTransition(CASES[place], eventFor(type, ACTORS[actorName]));
    const accepted = EXPECTED[place][type]?.includes(actorName) ?? false;
    expect(decision.ok).toBe(accepted);
    if (decision.ok) expect(placeOf(decision.next)).toBe(NEXT[place][type]);
    else expect(decision.reason).toMatch(/^case\.transition\.[\w.]+$/);
  });

  it.each(PLACES.flatMap((place) => ACTOR_NAMES.map((actor) => [place, actor] as const)))(
    'shows a %s case to %s with exactly the buttons the rules allow',
    (place, actorName) => {
      const expected = EVENT_TYPES.filter((type) => EXPECTED[place][type]?.includes(actorName));
      expect(allowedEvents(CASES[place], ACTORS[actorName])).toEqual(expected);
    },
  );
});

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
