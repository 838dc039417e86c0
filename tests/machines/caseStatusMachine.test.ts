import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CaseStatus } from '../../contract/cases';
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

/** One case per status: the pending one sits in the public pool; the others are handled by lawyer 7 of firm 3. */
const CASES: Record<CaseStatus, CaseState> = {
  pending: { status: 'pending', lawyerId: null, lawFirmId: null },
  processing: { status: 'processing', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
  suspended: {
    status: 'suspended',
    lawyerId: HANDLING_LAWYER,
    lawFirmId: FIRM,
    suspendReason: '等待法院排期',
  },
  closed: { status: 'closed', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM, result: 'mediated' },
};

/** Every role, and for lawyers both the one handling the case and another one. */
type ActorName = (typeof ROLES)[number] | 'otherLawyer';
const ACTORS: Record<ActorName, CaseActor> = {
  superAdmin: { role: 'superAdmin', userId: 1 },
  caseOperation: { role: 'caseOperation', userId: 2 },
  bussinessOperation: { role: 'bussinessOperation', userId: 3 },
  lawfirmContactPerson: { role: 'lawfirmContactPerson', userId: 4, lawFirmId: FIRM },
  lawyer: { role: 'lawyer', userId: 5, lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
  otherLawyer: { role: 'lawyer', userId: 6, lawyerId: 8, lawFirmId: 4 },
  admin: { role: 'admin', userId: 9 },
};

function eventFor(type: CaseEventType, actor: CaseActor): CaseEvent {
  switch (type) {
    case 'ASSIGN':
      return { type, actor, lawFirmId: FIRM, lawyerId: HANDLING_LAWYER };
    case 'SUSPEND':
      return { type, actor, reason: '债务人申请延期' };
    case 'CLOSE':
      return { type, actor, result: 'repaid' };
    default:
      return { type, actor };
  }
}

/**
 * Who may send which event in which status: written from issue 4's rules, not from the
 * machine. An actor missing from a list must be refused.
 */
const EXPECTED: Record<CaseStatus, Record<CaseEventType, ActorName[]>> = {
  pending: {
    TAKE: ['lawyer', 'otherLawyer'],
    ASSIGN: ['superAdmin', 'caseOperation'],
    RELEASE: [],
    SUSPEND: [],
    RESUME: [],
    CLOSE: [],
    REOPEN: [],
  },
  processing: {
    TAKE: [],
    ASSIGN: [],
    RELEASE: ['superAdmin', 'caseOperation', 'lawyer'],
    SUSPEND: ['superAdmin', 'caseOperation', 'lawyer'],
    RESUME: [],
    CLOSE: ['superAdmin', 'caseOperation', 'lawyer'],
    REOPEN: [],
  },
  suspended: {
    TAKE: [],
    ASSIGN: [],
    RELEASE: [],
    SUSPEND: [],
    RESUME: ['superAdmin', 'caseOperation', 'lawyer'],
    CLOSE: ['superAdmin', 'caseOperation', 'lawyer'],
    REOPEN: [],
  },
  closed: {
    TAKE: [],
    ASSIGN: [],
    RELEASE: [],
    SUSPEND: [],
    RESUME: [],
    CLOSE: [],
    REOPEN: ['superAdmin'],
  },
};

/** Where an accepted event leads. */
const NEXT_STATUS: Record<CaseEventType, CaseStatus> = {
  TAKE: 'processing',
  ASSIGN: 'processing',
  RELEASE: 'pending',
  SUSPEND: 'suspended',
  RESUME: 'processing',
  CLOSE: 'closed',
  REOPEN: 'processing',
};

const STATUSES = Object.keys(CASES) as CaseStatus[];
const EVENT_TYPES = Object.keys(NEXT_STATUS) as CaseEventType[];
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];

const matrix = STATUSES.flatMap((status) =>
  ACTOR_NAMES.flatMap((actor) => EVENT_TYPES.map((event) => [status, actor, event] as const)),
);

describe('caseStatusMachine: every event from every status for every role', () => {
  it('covers all six roles', () => {
    expect(ROLES.every((role) => ACTOR_NAMES.includes(role))).toBe(true);
  });

  it.each(matrix)('%s case, %s sends %s', (status, actorName, type) => {
    const decision = decideTransition(CASES[status], eventFor(type, ACTORS[actorName]));
    const accepted = EXPECTED[status][type].includes(actorName);
    expect(decision.ok).toBe(accepted);
    if (decision.ok) expect(decision.next.status).toBe(NEXT_STATUS[type]);
    else expect(decision.reason).toMatch(/^case\.transition\.\w+$/);
  });

  it.each(STATUSES.flatMap((status) => ACTOR_NAMES.map((actor) => [status, actor] as const)))(
    'shows a %s case to %s with exactly the buttons the rules allow',
    (status, actorName) => {
      const expected = EVENT_TYPES.filter((type) => EXPECTED[status][type].includes(actorName));
      expect(allowedEvents(CASES[status], ACTORS[actorName])).toEqual(expected);
    },
  );
});

describe('caseStatusMachine: reasons for a refusal', () => {
  const pool = CASES.pending;

  it('says the event does not apply in this status', () => {
    expect(decideTransition(CASES.closed, eventFor('CLOSE', ACTORS.superAdmin))).toEqual({
      ok: false,
      reason: 'case.transition.notAllowedInStatus',
    });
  });

  it('lets only lawyers take a case from the pool', () => {
    expect(decideTransition(pool, eventFor('TAKE', ACTORS.caseOperation))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    const lawyerWithoutRecord: CaseActor = { role: 'lawyer', userId: 10 };
    expect(decideTransition(pool, eventFor('TAKE', lawyerWithoutRecord))).toMatchObject({
      reason: 'case.transition.notPermitted',
    });
  });

  it('refuses to take a case that already has a lawyer', () => {
    const taken: CaseState = { status: 'pending', lawyerId: 8, lawFirmId: null };
    expect(decideTransition(taken, eventFor('TAKE', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.alreadyTaken',
    });
  });

  it('keeps a case pushed to a firm for that firm’s lawyers', () => {
    const pushed: CaseState = { status: 'pending', lawyerId: null, lawFirmId: FIRM };
    expect(decideTransition(pushed, eventFor('TAKE', ACTORS.otherLawyer))).toEqual({
      ok: false,
      reason: 'case.transition.pushedToAnotherFirm',
    });
    expect(decideTransition(pushed, eventFor('TAKE', ACTORS.lawyer)).ok).toBe(true);
  });

  it('lets operations assign any case, and a firm only its own cases to its own lawyers', () => {
    expect(decideTransition(pool, eventFor('ASSIGN', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
    // The pool case belongs to no firm: not the contact person's to assign.
    expect(decideTransition(pool, eventFor('ASSIGN', ACTORS.lawfirmContactPerson))).toEqual({
      ok: false,
      reason: 'case.transition.notYourFirm',
    });
    const pushedToFirm: CaseState = { status: 'pending', lawyerId: null, lawFirmId: FIRM };
    const firmAssign = eventFor('ASSIGN', ACTORS.lawfirmContactPerson);
    expect(decideTransition(pushedToFirm, firmAssign)).toMatchObject({
      ok: true,
      next: { status: 'processing', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
    });
    // Within a firm an assignment names a lawyer, of that firm.
    expect(
      decideTransition(pushedToFirm, { type: 'ASSIGN', actor: ACTORS.lawfirmContactPerson, lawFirmId: FIRM }),
    ).toEqual({ ok: false, reason: 'case.transition.lawyerRequired' });
    expect(
      decideTransition(pushedToFirm, {
        type: 'ASSIGN',
        actor: ACTORS.lawfirmContactPerson,
        lawFirmId: 4,
        lawyerId: 8,
      }),
    ).toEqual({ ok: false, reason: 'case.transition.notYourFirm' });
  });

  it('needs a firm or a lawyer to assign to', () => {
    expect(decideTransition(pool, { type: 'ASSIGN', actor: ACTORS.caseOperation })).toEqual({
      ok: false,
      reason: 'case.transition.assigneeRequired',
    });
  });

  it('lets only the handling lawyer or operations close', () => {
    expect(decideTransition(CASES.processing, eventFor('CLOSE', ACTORS.otherLawyer))).toEqual({
      ok: false,
      reason: 'case.transition.notHandlingLawyer',
    });
    expect(decideTransition(CASES.processing, eventFor('CLOSE', ACTORS.bussinessOperation))).toMatchObject({
      reason: 'case.transition.notPermitted',
    });
  });

  it('needs a suspension reason', () => {
    const blank = { type: 'SUSPEND', actor: ACTORS.lawyer, reason: '   ' } as const;
    expect(decideTransition(CASES.processing, blank)).toEqual({
      ok: false,
      reason: 'case.transition.reasonRequired',
    });
  });

  it('needs a known close result', () => {
    const bogus = { type: 'CLOSE', actor: ACTORS.lawyer, result: 'won' } as unknown as CaseEvent;
    expect(decideTransition(CASES.processing, bogus)).toEqual({
      ok: false,
      reason: 'case.transition.invalidResult',
    });
  });

  it('lets only a role holding cases.reopen reopen', () => {
    expect(decideTransition(CASES.closed, eventFor('REOPEN', ACTORS.caseOperation))).toEqual({
      ok: false,
      reason: 'case.transition.notPermitted',
    });
  });

  it('refuses what is not an event of the machine', () => {
    const unknown = { type: 'DELETE', actor: ACTORS.superAdmin } as unknown as CaseEvent;
    expect(decideTransition(pool, unknown)).toEqual({ ok: false, reason: 'case.transition.unknownEvent' });
    const anonymous = { type: 'TAKE' } as unknown as CaseEvent;
    expect(decideTransition(pool, anonymous)).toEqual({ ok: false, reason: 'case.transition.unknownEvent' });
  });

  it('refuses a case in a status it does not know', () => {
    const odd = { status: 'archived', lawyerId: null, lawFirmId: null } as unknown as CaseState;
    expect(decideTransition(odd, eventFor('TAKE', ACTORS.lawyer))).toEqual({
      ok: false,
      reason: 'case.transition.unknownStatus',
    });
  });
});

describe('caseStatusMachine: what a transition records', () => {
  it('records the taking lawyer and their firm', () => {
    expect(decideTransition(CASES.pending, eventFor('TAKE', ACTORS.otherLawyer))).toEqual({
      ok: true,
      next: { status: 'processing', lawyerId: 8, lawFirmId: 4, result: null, suspendReason: null },
    });
  });

  it('assigns to a lawyer (processing) or pushes to a firm only (still pending)', () => {
    expect(decideTransition(CASES.pending, eventFor('ASSIGN', ACTORS.caseOperation))).toMatchObject({
      next: { status: 'processing', lawyerId: HANDLING_LAWYER, lawFirmId: FIRM },
    });
    expect(
      decideTransition(CASES.pending, { type: 'ASSIGN', actor: ACTORS.superAdmin, lawFirmId: FIRM }),
    ).toMatchObject({ ok: true, next: { status: 'pending', lawyerId: null, lawFirmId: FIRM } });
  });

  it('returns a released case to the public pool', () => {
    expect(decideTransition(CASES.processing, eventFor('RELEASE', ACTORS.lawyer))).toMatchObject({
      next: { status: 'pending', lawyerId: null, lawFirmId: null },
    });
  });

  it('keeps the suspension reason while suspended and drops it on resume', () => {
    const suspended = decideTransition(CASES.processing, eventFor('SUSPEND', ACTORS.lawyer));
    expect(suspended).toMatchObject({ next: { status: 'suspended', suspendReason: '债务人申请延期' } });
    expect(decideTransition(CASES.suspended, eventFor('RESUME', ACTORS.caseOperation))).toMatchObject({
      next: { status: 'processing', suspendReason: null, lawyerId: HANDLING_LAWYER },
    });
  });

  it('carries the result while closed and clears it on reopen, keeping the lawyer', () => {
    expect(decideTransition(CASES.suspended, eventFor('CLOSE', ACTORS.lawyer))).toMatchObject({
      next: { status: 'closed', result: 'repaid', suspendReason: null },
    });
    expect(decideTransition(CASES.closed, eventFor('REOPEN', ACTORS.superAdmin))).toMatchObject({
      next: { status: 'processing', result: null, lawyerId: HANDLING_LAWYER },
    });
  });

  it('runs as an actor through a whole case life', () => {
    const actor = createActor(caseStatusMachine, { input: {} }).start();
    actor.send({ type: 'CLOSE', actor: ACTORS.superAdmin, result: 'mediated' });
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'TAKE', actor: ACTORS.lawyer });
    actor.send({ type: 'SUSPEND', actor: ACTORS.lawyer, reason: '等待' });
    actor.send({ type: 'RESUME', actor: ACTORS.lawyer });
    actor.send({ type: 'CLOSE', actor: ACTORS.lawyer, result: 'mediated' });
    actor.send({ type: 'REOPEN', actor: ACTORS.superAdmin });
    expect(actor.getSnapshot().value).toBe('processing');
    expect(actor.getSnapshot().context).toEqual({
      lawyerId: HANDLING_LAWYER,
      lawFirmId: FIRM,
      result: null,
      suspendReason: null,
    });
  });
});
