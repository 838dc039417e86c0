import { assign, emit, setup } from 'xstate';
import type { LoginRequest, UserInfo } from '../contract/auth';
import { CODES } from '../contract/codes';
import type { Role } from '../contract/roles';
import { errorMessage, unprovidedActor } from './unprovided';

/**
 * The signed-in session: anonymous -> loggingIn -> authenticated -> loggingOut -> anonymous.
 *
 * Pure: storage, HTTP and navigation are actions and actors the app passes with `.provide()`.
 * The facts other parts of the app follow (a login, a role switch, a logout) are emitted
 * events; their names match the menu machine's events, so the app forwards them as they are.
 */

/** What the browser remembers between visits (storage keys `token`, `userrole`, `userInfo`). */
export interface AuthInput {
  token: string | null;
  role: Role | null;
  userInfo: UserInfo | null;
}

/** Why a session ended; the login page can say so. */
export type LogoutReason = 'user' | 'sessionExpired' | 'authFailed' | 'userInfoFailed';

export interface AuthContext extends AuthInput {
  /** The last login failure, for the login form. */
  error: string | null;
  logoutReason: LogoutReason | null;
}

export type AuthEvent =
  | ({ type: 'LOGIN' } & LoginRequest)
  | { type: 'LOGOUT' }
  /** Code 10001 from the HTTP layer. */
  | { type: 'SESSION_EXPIRED' }
  /** HTTP 401/403 or codes 50008/50012/50014 from the HTTP layer (not from the user-info call). */
  | { type: 'AUTH_FAILED'; code: number }
  | { type: 'SWITCH_ROLE'; role: Role }
  | { type: 'REFRESH_USER_INFO' };

export type AuthEmitted =
  | { type: 'LOGIN_SUCCEEDED'; role: Role }
  | { type: 'USER_INFO_LOADED'; role: Role }
  | { type: 'ROLE_SWITCHED'; role: Role }
  | { type: 'LOGGED_OUT'; reason: LogoutReason };

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** Answers of the API that end the session without asking the user (ARCHITECTURE.md §6). */
export const AUTH_FAILURE_CODES: readonly number[] = [401, 403, CODES.illegalToken, 50012, 50014];

/**
 * The event the HTTP layer sends for a failed answer, if any: code 10001 -> SESSION_EXPIRED;
 * HTTP 401/403 or codes 50008/50012/50014 -> AUTH_FAILED.
 */
export function sessionEventFor(answer: { status?: number | null; code?: number | null }): AuthEvent | null {
  if (answer.code === CODES.sessionExpired) return { type: 'SESSION_EXPIRED' };
  for (const code of [answer.code, answer.status]) {
    if (code != null && AUTH_FAILURE_CODES.includes(code)) return { type: 'AUTH_FAILED', code };
  }
  return null;
}

/** Switching role is offered only to a user who holds more than one role. */
export function canSwitchRole(userInfo: Pick<UserInfo, 'roles'> | null | undefined): boolean {
  return (userInfo?.roles.length ?? 0) > 1;
}

export const authMachine = setup({
  types: {} as {
    context: AuthContext;
    events: AuthEvent;
    input: AuthInput;
    emitted: AuthEmitted;
  },
  actors: {
    login: unprovidedActor<LoginResult, LoginRequest>('authMachine', 'login'),
    loadUserInfo: unprovidedActor<UserInfo, { token: string | null }>('authMachine', 'loadUserInfo'),
    switchRole: unprovidedActor<UserInfo, { role: Role }>('authMachine', 'switchRole'),
    logout: unprovidedActor<void, { token: string | null }>('authMachine', 'logout'),
  },
  actions: {
    // The app provides these; the defaults do nothing so the machine runs in tests without storage.
    storeSession: (_, _session: LoginResult) => {},
    storeUserInfo: (_, _info: { userInfo: UserInfo }) => {},
    clearToken: () => {},
    /** Clears stored user info, token, menu, tabs and route listeners. */
    clearSession: () => {},
    redirectToLogin: (_, _why: { reason: LogoutReason }) => {},
    forgetUser: assign({ token: null, role: null, userInfo: null, error: null }),
    announceLogout: emit(({ context }) => ({
      type: 'LOGGED_OUT' as const,
      reason: context.logoutReason ?? 'user',
    })),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    hasRole: ({ context }) => context.role !== null,
    holdsRequestedRole: ({ context, event }) =>
      event.type === 'SWITCH_ROLE' &&
      canSwitchRole(context.userInfo) &&
      context.userInfo!.roles.includes(event.role) &&
      event.role !== context.role,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ ...input, error: null, logoutReason: null }),
  initial: 'restoringSession',
  states: {
    restoringSession: {
      always: [{ guard: 'hasToken', target: 'authenticated' }, { target: 'anonymous' }],
    },
    anonymous: {
      on: { LOGIN: 'loggingIn' },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => {
          const { phone, password } = event as Extract<AuthEvent, { type: 'LOGIN' }>;
          return { phone, password };
        },
        onDone: {
          target: 'authenticated',
          actions: [
            assign(({ event }) => ({
              token: event.output.token,
              userInfo: event.output.userInfo,
              role: event.output.userInfo.role,
              error: null,
              logoutReason: null,
            })),
            { type: 'storeSession', params: ({ event }) => event.output },
            emit(({ event }) => ({ type: 'LOGIN_SUCCEEDED' as const, role: event.output.userInfo.role })),
          ],
        },
        onError: {
          target: 'anonymous',
          actions: [assign(({ event }) => ({ token: null, error: errorMessage(event.error) })), 'clearToken'],
        },
      },
    },
    authenticated: {
      initial: 'checkingRole',
      on: {
        LOGOUT: { target: 'loggingOut', actions: assign({ logoutReason: 'user' }) },
        // The server has already ended these sessions: no logout call, just clear and leave.
        SESSION_EXPIRED: { target: 'clearingSession', actions: assign({ logoutReason: 'sessionExpired' }) },
        AUTH_FAILED: { target: 'clearingSession', actions: assign({ logoutReason: 'authFailed' }) },
      },
      states: {
        checkingRole: {
          always: [{ guard: 'hasRole', target: 'ready' }, { target: 'loadingUserInfo' }],
        },
        loadingUserInfo: {
          invoke: {
            src: 'loadUserInfo',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ event }) => ({ userInfo: event.output, role: event.output.role })),
                { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.output }) },
                emit(({ event }) => ({ type: 'USER_INFO_LOADED' as const, role: event.output.role })),
              ],
            },
            onError: [
              // A refresh that fails keeps the role we already know.
              { guard: 'hasRole', target: 'ready' },
              { target: '#auth.loggingOut', actions: assign({ logoutReason: 'userInfoFailed' }) },
            ],
          },
        },
        ready: {
          on: {
            SWITCH_ROLE: { guard: 'holdsRequestedRole', target: 'switchingRole' },
            REFRESH_USER_INFO: 'loadingUserInfo',
          },
        },
        switchingRole: {
          invoke: {
            src: 'switchRole',
            input: ({ event }) => ({ role: (event as Extract<AuthEvent, { type: 'SWITCH_ROLE' }>).role }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ event }) => ({ userInfo: event.output, role: event.output.role })),
                { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.output }) },
                emit(({ event }) => ({ type: 'ROLE_SWITCHED' as const, role: event.output.role })),
              ],
            },
            // The server refused: the user keeps the role they had.
            onError: 'ready',
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        // Local state is cleared whether or not the server heard the logout.
        onDone: 'clearingSession',
        onError: 'clearingSession',
      },
    },
    /** Every way out of a session ends here: stored user info, token, menu, tabs and route listeners go. */
    clearingSession: {
      entry: [
        'clearSession',
        'forgetUser',
        'announceLogout',
        { type: 'redirectToLogin', params: ({ context }) => ({ reason: context.logoutReason ?? 'user' }) },
      ],
      always: 'anonymous',
    },
  },
});
