/**
 * The API calls anyone may make without signing in (paths under /api), once for both sides:
 * the browser sends a call without a token only when it is listed here (src/api), and the
 * server's route declarations with `access: 'public'` are exactly these
 * (tests/unit/public-calls.test.ts). A new public route is added here and declared there.
 */
export const PUBLIC_API_CALLS = [
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/config' },
  { method: 'POST', path: '/login' },
  { method: 'GET', path: '/send-sms' },
  { method: 'POST', path: '/reset-password' },
  { method: 'GET', path: '/register/lawfirms' },
  { method: 'POST', path: '/register/lawfirm' },
  { method: 'POST', path: '/register/lawyer' },
] as const;

export type PublicApiCall = (typeof PUBLIC_API_CALLS)[number];

/** Is a call to this path (under /api, query left out) one that needs no token? */
export function isPublicApiPath(path: string, method?: string): boolean {
  const upper = method?.toUpperCase();
  return PUBLIC_API_CALLS.some(
    (call) => call.path === path && (upper === undefined || call.method === upper),
  );
}
