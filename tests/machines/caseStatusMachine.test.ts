import { describe, expect, it } from 'vitest';
import { ROLES } from '../../contract/roles';
import { allowedEvents, type CaseEventType, decideTransition } from '../../machines/caseStatusMachine';
import {
  ACTOR_NAMES,
  ACTORS,
  type ActorName,
  CASES,
  EVENT_TYPES,
  eventFor,
  PLACES,
  type Place,
  placeOf,
} from './case-places';

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
