import { fromPromise } from 'xstate';
import type { UserInfo } from '../../contract/auth';
import { DEFAULT_ROUTES } from '../../contract/routes';
import { type GuardDecision, guardMachine, runGuard } from '../../machines/guardMachine';
import { apiGet } from '../api/request';
import { inspect } from '../inspector/recorder';
import { authActor } from '../session/actors';
import { settledMenu } from '../session/menu';
import { getRole, getToken, saveUserInfo } from '../session/storage';

/** The guard's side effect: learning the role of a token that has none stored. */
const guard = guardMachine.provide({
  actors: {
    loadUserInfo: fromPromise<Pick<UserInfo, 'role'>, { token: string | null }>(async () => {
      const info = await apiGet<UserInfo>('/user/info');
      saveUserInfo(info);
      authActor.send({ type: 'REFRESH_USER_INFO' });
      return info;
    }),
  },
});

/** Shell pages every signed-in role may open outside the menu. */
const SHELL_PATHS = ['/redirect/:path'];

/**
 * Decides one navigation with the guard machine. With a role known, the role's own menu is
 * awaited first so a page an administrator removed is refused. When the menu cannot be
 * loaded the layout offers a retry; meanwhile the default route table decides (the server
 * checks every page and call again anyway).
 */
export async function decideNavigation(path: string, search: string): Promise<GuardDecision> {
  const token = getToken();
  let role = getRole();
  if (token && !role) {
    // Learn the role first (the guard's own step), then decide against the role's menu.
    const first = await runGuard(
      guard,
      { path, search, token, role, menu: DEFAULT_ROUTES, shellPaths: SHELL_PATHS },
      { inspect },
    );
    if (first.kind !== 'allow') return first;
    role = getRole();
  }
  let menu = DEFAULT_ROUTES;
  if (token && role) {
    menu = (await settledMenu()) ?? DEFAULT_ROUTES;
  }
  return runGuard(guard, { path, search, token, role, menu, shellPaths: SHELL_PATHS }, { inspect });
}
