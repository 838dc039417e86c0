import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import type { UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { canSwitchRole } from '../../machines/authMachine';
import { ApiFailure } from '../api/request';
import { authActor, takeLastLoginFailure } from './actors';

/** The session as the rest of the app sees it, read from the auth machine. */
export interface SessionSnapshot {
  status: 'anonymous' | 'authenticated';
  token: string | null;
  role: Role | null;
  userInfo: UserInfo | null;
  canSwitchRole: boolean;
}

type AuthSnapshot = ReturnType<typeof authActor.getSnapshot>;

function toSession(snapshot: AuthSnapshot): SessionSnapshot {
  const { token, role, userInfo } = snapshot.context;
  return {
    status: snapshot.matches('authenticated') ? 'authenticated' : 'anonymous',
    token,
    role,
    userInfo,
    canSwitchRole: canSwitchRole(userInfo),
  };
}

const sameSession = (a: SessionSnapshot, b: SessionSnapshot) =>
  a.status === b.status && a.token === b.token && a.role === b.role && a.userInfo === b.userInfo;

export function useSession(): SessionSnapshot {
  return useSelector(authActor, toSession, sameSession);
}

export function sessionSnapshot(): SessionSnapshot {
  return toSession(authActor.getSnapshot());
}

/** Signs in through the auth machine; throws the refusal (already shown by the error catalogue). */
export async function login(phone: string, password: string): Promise<UserInfo> {
  takeLastLoginFailure();
  // Signing in as someone else first ends the current session.
  if (authActor.getSnapshot().matches('authenticated')) await logout();
  authActor.send({ type: 'LOGIN', phone, password });
  const done = await waitFor(
    authActor,
    (s) => s.matches({ authenticated: 'ready' }) || s.matches('anonymous'),
  );
  if (done.matches('anonymous')) {
    const failure = takeLastLoginFailure();
    throw failure instanceof Error
      ? failure
      : new ApiFailure(done.context.error ?? 'login failed', null, null);
  }
  return done.context.userInfo as UserInfo;
}

/** Signs out: the server session is revoked when possible; local state is cleared regardless. */
export async function logout(): Promise<void> {
  if (!authActor.getSnapshot().matches('authenticated')) return;
  authActor.send({ type: 'LOGOUT' });
  await waitFor(authActor, (s) => s.matches('anonymous'));
}

export async function refreshUserInfo(): Promise<UserInfo | null> {
  authActor.send({ type: 'REFRESH_USER_INFO' });
  const done = await waitFor(authActor, (s) => !s.matches({ authenticated: 'loadingUserInfo' }));
  return done.context.userInfo;
}

export async function switchRole(role: Role): Promise<UserInfo | null> {
  authActor.send({ type: 'SWITCH_ROLE', role });
  const done = await waitFor(authActor, (s) => !s.matches({ authenticated: 'switchingRole' }));
  return done.context.userInfo;
}
