import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginRequest, UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import {
  type AuthEmitted,
  type AuthInput,
  authMachine,
  canSwitchRole,
  type LoginResult,
  sessionEventFor,
} from '../../machines/authMachine';
import { deferred, userInfo } from './fixtures';

const SIGNED_OUT: AuthInput = { token: null, role: null, userInfo: null };

/** The machine with fake actors and recording actions; each test overrides what it needs. */
function startAuth(
  input: AuthInput,
  overrides: {
    login?: (req: LoginRequest) => Promise<LoginResult>;
    loadUserInfo?: () => Promise<UserInfo>;
    switchRole?: (role: Role) => Promise<UserInfo>;
    logout?: () => Promise<void>;
  } = {},
) {
  const calls = {
    login: vi.fn(
      overrides.login ?? (async () => ({ token: 'new-token', userInfo: userInfo('caseOperation') })),
    ),
    loadUserInfo: vi.fn(overrides.loadUserInfo ?? (async () => userInfo('caseOperation'))),
    switchRole: vi.fn(
      overrides.switchRole ?? (async (role: Role) => userInfo(role, ['caseOperation', 'lawyer'])),
    ),
    logout: vi.fn(overrides.logout ?? (async () => {})),
    storeSession: vi.fn(),
    storeUserInfo: vi.fn(),
    clearToken: vi.fn(),
    clearSession: vi.fn(),
    redirectToLogin: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(({ input }) => calls.login(input)),
      loadUserInfo: fromPromise(() => calls.loadUserInfo()),
      switchRole: fromPromise(({ input }) => calls.switchRole(input.role)),
      logout: fromPromise(() => calls.logout()),
    },
    actions: {
      storeSession: (_, session) => calls.storeSession(session),
      storeUserInfo: (_, { userInfo }) => calls.storeUserInfo(userInfo),
      clearToken: () => calls.clearToken(),
      clearSession: () => calls.clearSession(),
      redirectToLogin: (_, { reason }) => calls.redirectToLogin(reason),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: AuthEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const signedIn = (role: Role, roles: Role[] = [role]): AuthInput => ({
  token: 'stored-token',
  role,
  userInfo: userInfo(role, roles),
});

describe('authMachine: restoring a stored session', () => {
  it('stays anonymous without a stored token', () => {
    const { actor } = startAuth(SIGNED_OUT);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('goes straight to authenticated when the stored token comes with a known role', () => {
    const { actor, calls } = startAuth(signedIn('lawyer'));
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(calls.loadUserInfo).not.toHaveBeenCalled();
  });

  it('loads user info when the stored token has no role, then keeps the role it learned', async () => {
    const info = deferred<UserInfo>();
    const { actor, calls, emitted } = startAuth(
      { token: 'stored-token', role: null, userInfo: null },
      { loadUserInfo: () => info.promise },
    );
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loadingUserInfo' });

    info.resolve(userInfo('lawfirmContactPerson'));
    const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(snapshot.context.role).toBe('lawfirmContactPerson');
    expect(calls.storeUserInfo).toHaveBeenCalledWith(
      expect.objectContaining({ role: 'lawfirmContactPerson' }),
    );
    expect(emitted).toContainEqual({ type: 'USER_INFO_LOADED', role: 'lawfirmContactPerson' });
  });

  it('logs out and sends the user to /login when user info fails and there is still no role', async () => {
    const { actor, calls, emitted } = startAuth(
      { token: 'stored-token', role: null, userInfo: null },
      { loadUserInfo: async () => Promise.reject(new Error('network')) },
    );
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(snapshot.context).toMatchObject({
      token: null,
      role: null,
      userInfo: null,
      logoutReason: 'userInfoFailed',
    });
    expect(calls.logout).toHaveBeenCalledOnce();
    expect(calls.clearSession).toHaveBeenCalledOnce();
    expect(calls.redirectToLogin).toHaveBeenCalledWith('userInfoFailed');
    expect(emitted).toContainEqual({ type: 'LOGGED_OUT', reason: 'userInfoFailed' });
  });

  it('keeps the known role when a user-info refresh fails', async () => {
    const { actor, calls } = startAuth(signedIn('caseOperation'), {
      loadUserInfo: async () => Promise.reject(new Error('network')),
    });
    actor.send({ type: 'REFRESH_USER_INFO' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loadingUserInfo' });
    const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(snapshot.context.role).toBe('caseOperation');
    expect(calls.clearSession).not.toHaveBeenCalled();
  });
});

describe('authMachine: logging in', () => {
  it('passes phone and password to the login actor and is authenticated with the answer', async () => {
    const answer = deferred<LoginResult>();
    const { actor, calls, emitted } = startAuth(SIGNED_OUT, { login: () => answer.promise });
    actor.send({ type: 'LOGIN', phone: '13800000005', password: 'Demo@2026' });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(calls.login).toHaveBeenCalledWith({ phone: '13800000005', password: 'Demo@2026' });

    const info = userInfo('lawyer');
    answer.resolve({ token: 'fresh', userInfo: info });
    const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(snapshot.context).toMatchObject({ token: 'fresh', role: 'lawyer', userInfo: info, error: null });
    expect(calls.storeSession).toHaveBeenCalledWith({ token: 'fresh', userInfo: info });
    expect(emitted).toContainEqual({ type: 'LOGIN_SUCCEEDED', role: 'lawyer' });
  });

  it('clears the token and reports the error when the login is refused', async () => {
    const { actor, calls } = startAuth(SIGNED_OUT, {
      login: async () => Promise.reject(new Error('账号或密码错误')),
    });
    actor.send({ type: 'LOGIN', phone: '13800000005', password: 'wrong' });
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous') && s.context.error !== null);
    expect(snapshot.context).toMatchObject({ token: null, error: '账号或密码错误' });
    expect(calls.clearToken).toHaveBeenCalledOnce();
    expect(calls.storeSession).not.toHaveBeenCalled();
  });

  it('forgets the previous error on the next successful login', async () => {
    let attempt = 0;
    const { actor } = startAuth(SIGNED_OUT, {
      login: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('refused');
        return { token: 't', userInfo: userInfo('admin') };
      },
    });
    actor.send({ type: 'LOGIN', phone: 'p', password: 'x' });
    await waitFor(actor, (s) => s.context.error === 'refused');
    actor.send({ type: 'LOGIN', phone: 'p', password: 'y' });
    const snapshot = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(snapshot.context.error).toBeNull();
  });

  it('fails loudly, naming the missing actor, when the app did not provide login', async () => {
    const actor = createActor(authMachine, { input: SIGNED_OUT }).start();
    actor.send({ type: 'LOGIN', phone: 'p', password: 'x' });
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toMatch(/"login" actor was not provided/);
  });
});

describe('authMachine: logging out', () => {
  it('calls the server, clears everything and goes to /login', async () => {
    const done = deferred<void>();
    const { actor, calls, emitted } = startAuth(signedIn('superAdmin'), { logout: () => done.promise });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(calls.clearSession).not.toHaveBeenCalled();

    done.resolve();
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(snapshot.context).toMatchObject({ token: null, role: null, userInfo: null, logoutReason: 'user' });
    expect(calls.clearSession).toHaveBeenCalledOnce();
    expect(calls.redirectToLogin).toHaveBeenCalledWith('user');
    expect(emitted).toContainEqual({ type: 'LOGGED_OUT', reason: 'user' });
  });

  it('still clears the session when the server call fails', async () => {
    const { actor, calls } = startAuth(signedIn('superAdmin'), {
      logout: async () => Promise.reject(new Error('offline')),
    });
    actor.send({ type: 'LOGOUT' });
    const snapshot = await waitFor(actor, (s) => s.matches('anonymous'));
    expect(snapshot.context.token).toBeNull();
    expect(calls.clearSession).toHaveBeenCalledOnce();
    expect(calls.redirectToLogin).toHaveBeenCalledWith('user');
  });

  it('ends an expired session (10001) without calling the server', () => {
    const { actor, calls, emitted } = startAuth(signedIn('lawyer'));
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, logoutReason: 'sessionExpired' });
    expect(calls.logout).not.toHaveBeenCalled();
    expect(calls.clearSession).toHaveBeenCalledOnce();
    expect(calls.redirectToLogin).toHaveBeenCalledWith('sessionExpired');
    expect(emitted).toContainEqual({ type: 'LOGGED_OUT', reason: 'sessionExpired' });
  });

  it('ends the session on an auth failure from the HTTP layer', () => {
    const { actor, calls } = startAuth(signedIn('lawyer'));
    actor.send({ type: 'AUTH_FAILED', code: 50008 });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.logoutReason).toBe('authFailed');
    expect(calls.clearSession).toHaveBeenCalledOnce();
    expect(calls.redirectToLogin).toHaveBeenCalledWith('authFailed');
  });

  it('ends the session when it expires while user info is loading', () => {
    const { actor, calls } = startAuth(
      { token: 'stored-token', role: null, userInfo: null },
      { loadUserInfo: () => new Promise<UserInfo>(() => {}) },
    );
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loadingUserInfo' });
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.clearSession).toHaveBeenCalledOnce();
  });

  it('ignores session events while anonymous', () => {
    const { actor, calls } = startAuth(SIGNED_OUT);
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'AUTH_FAILED', code: 401 });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls.clearSession).not.toHaveBeenCalled();
  });
});

describe('authMachine: switching role', () => {
  it('switches for a user who holds several roles', async () => {
    const answer = deferred<UserInfo>();
    const { actor, calls, emitted } = startAuth(signedIn('caseOperation', ['caseOperation', 'lawyer']), {
      switchRole: () => answer.promise,
    });
    actor.send({ type: 'SWITCH_ROLE', role: 'lawyer' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'switchingRole' });
    expect(calls.switchRole).toHaveBeenCalledWith('lawyer');

    answer.resolve(userInfo('lawyer', ['caseOperation', 'lawyer']));
    const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(snapshot.context.role).toBe('lawyer');
    expect(calls.storeUserInfo).toHaveBeenCalledWith(expect.objectContaining({ role: 'lawyer' }));
    expect(emitted).toContainEqual({ type: 'ROLE_SWITCHED', role: 'lawyer' });
  });

  it('refuses a switch for a user with a single role', () => {
    const { actor, calls } = startAuth(signedIn('lawyer'));
    actor.send({ type: 'SWITCH_ROLE', role: 'superAdmin' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(calls.switchRole).not.toHaveBeenCalled();
  });

  it('refuses a switch to a role the user does not hold, or already has', () => {
    const { actor, calls } = startAuth(signedIn('caseOperation', ['caseOperation', 'lawyer']));
    actor.send({ type: 'SWITCH_ROLE', role: 'superAdmin' });
    actor.send({ type: 'SWITCH_ROLE', role: 'caseOperation' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(calls.switchRole).not.toHaveBeenCalled();
  });

  it('keeps the current role when the server refuses the switch', async () => {
    const { actor, emitted } = startAuth(signedIn('caseOperation', ['caseOperation', 'lawyer']), {
      switchRole: async () => Promise.reject(new Error('refused')),
    });
    actor.send({ type: 'SWITCH_ROLE', role: 'lawyer' });
    const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(snapshot.context.role).toBe('caseOperation');
    expect(emitted.some((e) => e.type === 'ROLE_SWITCHED')).toBe(false);
  });

  it('offers the switch only to users with more than one role', () => {
    expect(canSwitchRole(userInfo('lawyer'))).toBe(false);
    expect(canSwitchRole(userInfo('lawyer', ['lawyer', 'caseOperation']))).toBe(true);
    expect(canSwitchRole(null)).toBe(false);
  });
});

describe('sessionEventFor: the HTTP layer turns answers into events', () => {
  it('maps 10001 to session expiry', () => {
    expect(sessionEventFor({ status: 200, code: 10001 })).toEqual({ type: 'SESSION_EXPIRED' });
  });

  it.each([
    [{ status: 401, code: null }, 401],
    [{ status: 403, code: 40300 }, 403],
    [{ status: 200, code: 50008 }, 50008],
    [{ status: 200, code: 50012 }, 50012],
    [{ status: 200, code: 50014 }, 50014],
  ])('maps %o to an auth failure', (answer, code) => {
    expect(sessionEventFor(answer)).toEqual({ type: 'AUTH_FAILED', code });
  });

  it('leaves other failures to the error catalogue', () => {
    expect(sessionEventFor({ status: 400, code: 40000 })).toBeNull();
    expect(sessionEventFor({ status: 500, code: 50000 })).toBeNull();
  });
});
