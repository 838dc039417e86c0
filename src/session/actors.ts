import { createActor, fromPromise } from 'xstate';
import type { LoginRequest, LoginResponse, UserInfo } from '../../contract/auth';
import type { MenuNode } from '../../contract/menu';
import type { Role } from '../../contract/roles';
import { authMachine } from '../../machines/authMachine';
import { menuMachine } from '../../machines/menuMachine';
import { apiGet, apiPost } from '../api/request';
import { clearRouteListeners, navigateTo } from '../app/navigation';
import { inspect } from '../inspector/recorder';
import { dismissMenuLoading, showMenuLoadFailed, showMenuLoading } from '../layout/menu-notices';
import { tabsStore } from '../layout/tabs/store';
import { settingsStore } from '../settings/store';
import { clearSession, getRole, getToken, getUserInfo, saveSession, saveUserInfo } from './storage';

/**
 * The app's two long-lived machines, with the side effects the machines leave to the app:
 * HTTP through src/api, storage, notices, navigation. Both report to the machine inspector.
 */

/** The last refused login, so the login form can show the server's field errors. */
let lastLoginFailure: unknown = null;
export function takeLastLoginFailure(): unknown {
  const failure = lastLoginFailure;
  lastLoginFailure = null;
  return failure;
}

export const authActor = createActor(
  authMachine.provide({
    actors: {
      login: fromPromise<{ token: string; userInfo: UserInfo }, LoginRequest>(async ({ input }) => {
        try {
          const res = await apiPost<LoginResponse>('/login', input);
          return { token: res.token, userInfo: res.userInfo };
        } catch (err) {
          lastLoginFailure = err;
          throw err;
        }
      }),
      loadUserInfo: fromPromise<UserInfo, { token: string | null }>(() => apiGet<UserInfo>('/user/info')),
      switchRole: fromPromise<UserInfo, { role: Role }>(({ input }) =>
        apiPost<UserInfo>('/user/switch-role', input),
      ),
      logout: fromPromise<void, { token: string | null }>(async ({ input }) => {
        if (input.token) await apiPost('/logout', undefined, { silent: true });
      }),
    },
    actions: {
      storeSession: (_, session) => saveSession(session.token, session.userInfo),
      storeUserInfo: (_, { userInfo }) => saveUserInfo(userInfo),
      clearToken: () => localStorage.removeItem('token'),
      clearSession: () => {
        clearSession();
        tabsStore.clear();
        clearRouteListeners();
      },
      redirectToLogin: () => navigateTo('/login', { replace: true }),
    },
  }),
  {
    input: { token: getToken(), role: getRole(), userInfo: getUserInfo() },
    inspect,
    systemId: 'auth',
  },
);

export const menuActor = createActor(
  menuMachine.provide({
    actors: {
      fetchServerMenu: fromPromise<MenuNode[], { role: Role | null }>(() => apiGet<MenuNode[]>('/user/menu')),
    },
    actions: {
      showLoadingNotice: showMenuLoading,
      dismissLoadingNotice: dismissMenuLoading,
      showErrorNotification: (_, { error }) => showMenuLoadFailed(error),
    },
  }),
  {
    input: { menuFromServer: settingsStore.get().menuFromServer, role: getRole() },
    inspect,
    systemId: 'menu',
  },
);

/**
 * Starts both actors; the auth machine's emitted facts (login, role switch, logout) reload the
 * menu. Runs when this module is first imported: the login form, the guard of the first
 * signed-in route, or the HTTP layer reporting a session event, whichever comes first. So
 * the login page's first load does not carry XState.
 */
function startSessionActors(): void {
  authActor.on('*', (event) => menuActor.send(event));
  let menuFromServer = settingsStore.get().menuFromServer;
  settingsStore.subscribe(() => {
    const next = settingsStore.get().menuFromServer;
    if (next !== menuFromServer) {
      menuFromServer = next;
      menuActor.send({ type: 'SOURCE_CHANGED', menuFromServer: next });
    }
  });
  menuActor.start();
  authActor.start();
}

startSessionActors();
