import { type Ability, scopeOf } from '../../contract/access';
import type { Caller } from '../http/route';

/**
 * Which law firms' records (the firm, its lawyers, its letters) a caller sees through an
 * ability: the scope their role holds it in (contract/access.ts): every firm's, their own
 * firm's, or none. Ids outside the scope are answered like missing ones (404).
 */
export type FirmScope = { kind: 'all' } | { kind: 'firm'; firmId: number } | { kind: 'none' };

export function firmScopeOf(caller: Caller, ability: Ability): FirmScope {
  const scope = scopeOf(ability, caller.role);
  if (scope === 'all') return { kind: 'all' };
  if (scope === 'firm' && caller.lawFirmId !== null) return { kind: 'firm', firmId: caller.lawFirmId };
  return { kind: 'none' };
}

/** Whether a record of this firm is in the scope. */
export function firmInScope(scope: FirmScope, firmId: number): boolean {
  return scope.kind === 'all' || (scope.kind === 'firm' && scope.firmId === firmId);
}
