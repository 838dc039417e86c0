/** Any origin works as the probe: a path that keeps it stays on ours. */
const PROBE_ORIGIN = 'http://casedesk.invalid';

/** Queries of the login page itself, never carried to the destination. */
const LOGIN_QUERIES = ['redirect', 'error'];

/**
 * The `redirect` query a login may follow: a path on this origin (one leading `/`, no `//`,
 * no backslash, which browsers read as `/`), otherwise '/'. Self-contained on purpose: the
 * login page must not depend on the machines being loaded.
 */
export function safeRedirectTarget(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  // Browsers drop tabs and newlines inside URLs, so '/\t/evil.com' would become '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects.
  if (/[\u0000-\u0020\u007f]/.test(raw)) return '/';
  const url = new URL(raw, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login') return '/';
  return raw;
}

/**
 * Where a successful login goes: the safe `redirect` target, with the rest of the original
 * query (what the guard carried over) added where the target does not already set it.
 */
export function loginDestination(search: URLSearchParams): string {
  const target = safeRedirectTarget(search.get('redirect'));
  if (target === '/') return target;
  const url = new URL(target, PROBE_ORIGIN);
  for (const [key, value] of search) {
    if (!LOGIN_QUERIES.includes(key) && !url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
