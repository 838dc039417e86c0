import type { AnyStateMachine } from 'xstate';
import { authMachine } from './authMachine';
import { caseStatusMachine } from './caseStatusMachine';
import { guardMachine } from './guardMachine';
import { menuMachine } from './menuMachine';

export * from './authMachine';
export * from './casePushRecords';
export * from './caseReplay';
export * from './caseRules';
export * from './caseStatusMachine';
export * from './caseTags';
export * from './guardMachine';
export * from './menuMachine';
export * from './redirect';

export interface MachineEntry {
  /** The machine's own id (its root state node's id). */
  id: string;
  machine: AnyStateMachine;
  /** One line for developers; the inspector shows its translation `inspector.machine.<id>` when there is one. */
  description: string;
}

/** Every machine of the product, for the machine inspector. */
export const MACHINES: readonly MachineEntry[] = [
  {
    id: authMachine.id,
    machine: authMachine,
    description: 'Signed-in session: login, user info, role switch, logout and session expiry.',
  },
  {
    id: menuMachine.id,
    machine: menuMachine,
    description: 'Menu tree of the signed-in role, from the server or the static route table.',
  },
  {
    id: guardMachine.id,
    machine: guardMachine,
    description: 'Route guard: one run per navigation, ending in allow, redirect or not found.',
  },
  {
    id: caseStatusMachine.id,
    machine: caseStatusMachine,
    description:
      'Case status: review (approve, return, resubmit), push, take, assign, release, suspend, resume, close and reopen a case.',
  },
];
