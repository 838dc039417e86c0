import type { Role } from '../../contract/roles';
import type { Caller } from '../http/route';

/**
 * Which law firms' records (the firm, its lawyers, its letters) a caller sees: operations see
 * every firm's, a firm's contact person only their own firm's, anyone else none. Ids outside
 * the scope are answered like missing ones (404).
 */
export type FirmScope = { kind: 'all' } | { kind: 'firm'; firmId: number } | { kind: 'none' };

const OPERATIONS: readonly Role[] = ['superAdmin', 'caseOperation', 'bussinessOperation'];

export function firmScopeOf(caller: Caller): FirmScope {
  if (OPERATIONS.includes(caller.role)) return { kind: 'all' };
  if (caller.role === 'lawfirmContactPerson' && caller.lawFirmId !== null) {
    return { kind: 'firm', firmId: caller.lawFirmId };
  }
  return { kind: 'none' };
}

/** Whether a record of this firm is in the scope. */
export function firmInScope(scope: FirmScope, firmId: number): boolean {
  return scope.kind === 'all' || (scope.kind === 'firm' && scope.firmId === firmId);
}
