import type { UserInfo } from '../../contract/auth';
import { ROLES, type Role } from '../../contract/roles';

/** Browser storage keys fixed by ARCHITECTURE.md §8. */
export const STORAGE_KEYS = { token: 'token', userInfo: 'userInfo', role: 'userrole' } as const;

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getRole(): Role | null {
  const stored = localStorage.getItem(STORAGE_KEYS.role);
  return ROLES.includes(stored as Role) ? (stored as Role) : null;
}

export function getUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

export function saveSession(token: string, userInfo: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  saveUserInfo(userInfo);
}

export function saveUserInfo(userInfo: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
  localStorage.setItem(STORAGE_KEYS.role, userInfo.role);
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
