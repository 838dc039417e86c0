import { CODES } from '../../contract/codes';
import type { FieldError } from '../../contract/envelope';
import { isPublicApiPath } from '../../contract/public-api';

/**
 * The client's error catalogue (ARCHITECTURE.md §6), written once as data: which answers
 * count as success, and for a failed one what the user sees and what happens to the session.
 * Pure: src/api/interceptors.ts carries out the verdicts.
 */

/** How long a notice stays on screen. */
export const NOTICE_MS = { error: 5000, sessionExpired: 3000 } as const;

/** Envelope codes that mean success besides 20000 (older services of the product answer so). */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([CODES.ok, 200, 0, 201, 202, 10000]);

/**
 * Codes that say "your login is no good": the confirm-logout modal. 50012 (signed in
 * elsewhere) and 50014 (token expired) come from the admin template the product grew from.
 */
export const AUTH_FAILURE_CODES: ReadonlySet<number> = new Set([401, 403, CODES.illegalToken, 50012, 50014]);

/** Its auth failures belong to the auth machine (it logs out itself), not to the modal. */
export const USER_INFO_PATH = '/user/info';

/** Messages for an HTTP status that came without an envelope code. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'http.status.400',
  401: 'http.status.401',
  403: 'http.status.403',
  404: 'http.status.404',
  500: 'http.status.500',
  502: 'http.status.502',
  503: 'http.status.503',
  504: 'http.status.504',
};

/** A failed call, reduced to what the catalogue decides on. */
export interface FailedAnswer {
  /** HTTP status; null when no answer arrived. */
  status: number | null;
  /** Envelope code; null when the body carried none. */
  code: number | null;
  msg: string | null;
  errors: FieldError[];
  /** The failure envelope's `data`: figures to recover with (a 409's `{version, savedBy, savedAt}`). */
  data?: unknown;
  /** Path below /api, without the query: `/user/info`. */
  path: string;
  timedOut?: boolean;
}

/** Told to the auth machine; the shapes are its events (machines/authMachine.ts). */
export type SessionEvent = { type: 'SESSION_EXPIRED' } | { type: 'AUTH_FAILED'; code: number };

export interface Verdict {
  /** The branch of the catalogue, for logs and tests. */
  rule: string;
  /** What the user reads. */
  message: string;
  /**
   * A transient message for `duration` ms, or the confirm-logout modal; the modal's "log in
   * again" clears the session and reports AUTH_FAILED with `code`.
   */
  show: { as: 'message'; duration: number } | { as: 'confirmLogout'; code: number };
  clearSession: boolean;
  goToLogin: boolean;
  /** Told to the auth machine at once. */
  sessionEvent?: SessionEvent;
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;

interface Rule {
  name: string;
  when: (a: FailedAnswer) => boolean;
  verdict: (a: FailedAnswer, t: Translate) => Omit<Verdict, 'rule'>;
}

const notice = (message: string, duration: number = NOTICE_MS.error) => ({
  message,
  show: { as: 'message' as const, duration },
  clearSession: false,
  goToLogin: false,
});

/** First match wins. */
const RULES: readonly Rule[] = [
  {
    name: 'noAnswer',
    when: (a) => a.status === null,
    verdict: (a, t) => notice(t(a.timedOut ? 'http.timeout' : 'http.network')),
  },
  {
    name: 'sensitiveWord',
    when: (a) => a.code === CODES.sensitiveWord,
    verdict: (a, t) => {
      const msg = a.msg || t('http.fallback');
      const value = a.errors.find((e) => e.value)?.value;
      return notice(value ? t('http.sensitiveWord', { msg, value }) : msg);
    },
  },
  {
    name: 'sessionExpired',
    when: (a) => a.code === CODES.sessionExpired,
    verdict: (_, t) => ({
      ...notice(t('auth.sessionExpired'), NOTICE_MS.sessionExpired),
      clearSession: true,
      goToLogin: true,
      sessionEvent: { type: 'SESSION_EXPIRED' },
    }),
  },
  {
    name: 'authFailure',
    when: (a) => a.code !== null && AUTH_FAILURE_CODES.has(a.code) && a.path !== USER_INFO_PATH,
    verdict: (a, t) => ({
      message: t('http.logout.content'),
      show: { as: 'confirmLogout', code: a.code as number },
      clearSession: false,
      goToLogin: false,
    }),
  },
  {
    name: 'failureCode',
    // A 2xx answer that is a failure without a code (`success: false`) reads the same way.
    when: (a) => a.code !== null || (a.status !== null && a.status < 300),
    verdict: (a, t) => notice(a.msg || t('http.fallback')),
  },
  {
    name: 'httpStatus',
    when: () => true,
    verdict: (a, t) => {
      const key = HTTP_STATUS_MESSAGES[a.status ?? 0];
      const unauthorized = a.status === 401;
      return {
        ...notice(key ? t(key) : t('http.status.other', { status: a.status })),
        clearSession: unauthorized,
        ...(unauthorized ? { sessionEvent: { type: 'AUTH_FAILED' as const, code: 401 } } : {}),
      };
    },
  },
];

export function judgeFailure(answer: FailedAnswer, t: Translate): Verdict {
  const rule = RULES.find((r) => r.when(answer)) as Rule;
  return { rule: rule.name, ...rule.verdict(answer, t) };
}

/** A non-public call made without a token: it is never sent. */
export function judgeMissingToken(t: Translate): Verdict {
  return {
    rule: 'missingToken',
    ...notice(t('auth.notLoggedIn'), NOTICE_MS.sessionExpired),
    goToLogin: true,
  };
}

/**
 * Calls that need no token, by path: the one list of contract/public-api.ts, which the
 * server's public routes match (a wrong method on a public path is the server's 404 to give).
 */
export function isPublicPath(path: string): boolean {
  return isPublicApiPath(path);
}

function isRecord(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype;
}

/**
 * Success shapes (ARCHITECTURE.md §6): code 20000 or another success code; `success: true`;
 * `message === "success"`; a body without `code` (including bodies that are not JSON
 * objects: files, text, empty). An explicit `status: "fail"` or `success: false` is a
 * failure even without a code.
 */
export function isSuccessBody(body: unknown): boolean {
  if (!isRecord(body)) return true;
  if (body.success === true || body.message === 'success') return true;
  if (!('code' in body)) return body.status !== 'fail' && body.success !== false;
  return SUCCESS_CODES.has(Number(body.code));
}

const ENVELOPE_KEYS = ['code', 'status', 'success', 'msg', 'message'];

/** The envelope's `data` when the body is an envelope carrying one, else the body itself. */
export function unwrapBody(body: unknown): unknown {
  if (isRecord(body) && 'data' in body && ENVELOPE_KEYS.some((k) => k in body)) return body.data;
  return body;
}

/** The parts of a failed answer's body the catalogue reads. */
export function readFailureBody(body: unknown): Pick<FailedAnswer, 'code' | 'msg' | 'errors' | 'data'> {
  if (!isRecord(body)) return { code: null, msg: null, errors: [] };
  const code = body.code === undefined || body.code === null ? Number.NaN : Number(body.code);
  const msg =
    typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : null;
  return {
    code: Number.isFinite(code) ? code : null,
    msg: msg || null,
    errors: Array.isArray(body.errors) ? (body.errors as FieldError[]) : [],
    data: body.data,
  };
}
