import { useSyncExternalStore } from 'react';
import type { LoginResponse, UserInfo } from '../../contract/auth';
import type { Role } from '../../contract/roles';
import { apiGet, apiPost } from '../api/request';
import { clearSession, getRole, getToken, getUserInfo, saveSession, saveUserInfo } from './storage';

/**
 * The app's session, as the rest of the app sees it. (Being moved onto authMachine: the
 * exported functions and hook keep their shape.)
 */
export interface SessionSnapshot {
  status: 'anonymous' | 'authenticated';
  token: string | null;
  role: Role | null;
  userInfo: UserInfo | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  const token = getToken();
  return { status: token ? 'authenticated' : 'anonymous', token, role: getRole(), userInfo: getUserInfo() };
}

function publish() {
  snapshot = read();
  for (const l of listeners) l();
}

export function sessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, sessionSnapshot, sessionSnapshot);
}

/** Signs in; throws ApiFailure (already shown by the error catalogue) when refused. */
export async function login(phone: string, password: string): Promise<UserInfo> {
  const res = await apiPost<LoginResponse>('/login', { phone, password });
  saveSession(res.token, res.userInfo);
  publish();
  return res.userInfo;
}

/** Signs out: the server session is revoked when possible; local state is cleared regardless. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await apiPost('/logout', undefined, { silent: true });
  } finally {
    clearSession();
    publish();
  }
}

export async function refreshUserInfo(): Promise<UserInfo> {
  const info = await apiGet<UserInfo>('/user/info');
  saveUserInfo(info);
  publish();
  return info;
}

export async function switchRole(role: Role): Promise<UserInfo> {
  const info = await apiPost<UserInfo>('/user/switch-role', { role });
  saveUserInfo(info);
  publish();
  return info;
}
