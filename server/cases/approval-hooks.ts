import type { AppContext } from '../context';

/**
 * What happens right after review approves a case, registered by the features that act then
 * (server/routing/ routes it by a rule with `routeOnApprove`): a registry, so cases/ does not
 * import them and the folders keep one direction. Each answers whether it changed the case.
 */
export type AfterApproval = (app: AppContext, caseId: number, requestId: string | null) => Promise<boolean>;

const hooks: AfterApproval[] = [];

export function whenApproved(hook: AfterApproval): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Runs every registered hook in order; true when one changed the case. */
export async function afterApproval(
  app: AppContext,
  caseId: number,
  requestId: string | null,
): Promise<boolean> {
  let changed = false;
  for (const hook of hooks) changed = (await hook(app, caseId, requestId)) || changed;
  return changed;
}
