import type { ROLES } from '../../contract/roles';
import type { CaseActor, CaseEvent, CaseEventType, CaseState } from '../../machines/caseStatusMachine';

/** The cases, actors and events the caseStatusMachine tests share (caseStatusMachine*.test.ts). */

export const HANDLING_LAWYER = 7;
export const FIRM = 3;
export const OTHER_FIRM = 4;

/**
 * One case per place on the journey: awaiting review and in the pool (no firm), pushed to and
 * accepted by firm 3, and the handled ones with lawyer 7 of firm 3.
 */
export type Place =
  | 'awaitingReview'
  | 'returned'
  | 'pool'
  | 'pushed'
  | 'accepted'
  | 'processing'
  | 'suspended'
  | 'closed';
export const CASES: Record<Place, CaseState> = {
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
export type ActorName = (typeof ROLES)[number] | 'firmLawyer' | 'otherLawyer' | 'otherFirmContact';
export const ACTORS: Record<ActorName, CaseActor> = {
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
export function eventFor(type: CaseEventType, actor: CaseActor): CaseEvent {
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

export const placeOf = (state: CaseState): Place =>
  state.status === 'pending' ? (state.position as Place) : (state.status as Place);

export const PLACES = Object.keys(CASES) as Place[];
export const EVENT_TYPES: CaseEventType[] = [
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
export const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];
