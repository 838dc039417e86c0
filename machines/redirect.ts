/**
 * Where the app may send someone after login. The `redirect` query comes from the address
 * bar, so anyone can write it: only a path on this origin is honoured.
 */

// Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\evil.com` and
// `/\t/evil.com` both become `//evil.com`: another origin.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

function isPlainPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !UNSAFE_CHARACTERS.test(target);
}

/** A path on this origin: one leading `/`, no scheme, no `//`, no backslashes or control characters. */
export function isSafeRedirect(target: unknown): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  if (!isPlainPath(target)) return false;
  // Refuse what only turns into another origin once decoded (a second decode by someone else).
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  return isPlainPath(decoded);
}

/** The redirect target when it is safe, otherwise the fallback (the user's home). */
export function safeRedirectOr(target: unknown, fallback: string): string {
  return isSafeRedirect(target) ? target : fallback;
}

/** A path and its query as one string: `/list/search-table?status=pending`. */
export function fullPathOf(path: string, search = ''): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return query ? `${path}?${query}` : path;
}

/** Why the login page was opened by the guard rather than by the user. */
export type LoginError = 'routeGuardError';

/** `/login?redirect=<full path, query included>`, with `error` when the guard itself failed. */
export function loginPathFor(fullPath: string, error?: LoginError): string {
  const redirect = `/login?redirect=${encodeURIComponent(fullPath)}`;
  return error ? `${redirect}&error=${error}` : redirect;
}
