import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { currentLocale, ensureTexts, t } from '../i18n';
import { clearSession, getToken } from '../session/storage';
import { http } from './client';
import {
  type FailedAnswer,
  isPublicPath,
  isSuccessBody,
  judgeFailure,
  judgeMissingToken,
  readFailureBody,
  type SessionEvent,
  type Translate,
  unwrapBody,
  type Verdict,
} from './error-catalogue';
import { ApiFailure } from './request';

/** What the HTTP layer needs from the app; tests pass spies. */
export interface HttpEnvironment {
  navigateToLogin: () => void;
  reloadPage: () => void;
  /**
   * The session ended: 10001 (SESSION_EXPIRED), a bare HTTP 401, or "log in again" confirmed
   * after 401/403/50008/50012/50014 (AUTH_FAILED with the code). The auth machine listens.
   */
  onSessionEvent?: (event: SessionEvent) => void;
}

let uninstallCurrent: (() => void) | null = null;

/**
 * Installs the request and response interceptors on `http`: token and language on the way
 * out; on the way back the error catalogue and the envelope's unwrapping. Installing again
 * replaces the previous pair. Returns the uninstaller.
 */
export function installInterceptors(env: HttpEnvironment): () => void {
  uninstallCurrent?.();
  const requestId = http.interceptors.request.use((config) => identify(config, env));
  const responseId = http.interceptors.response.use(
    (response) => accept(response, env),
    (error: unknown) => refuse(error, env),
  );
  const uninstall = () => {
    http.interceptors.request.eject(requestId);
    http.interceptors.response.eject(responseId);
    if (uninstallCurrent === uninstall) uninstallCurrent = null;
    confirmOpen = false;
  };
  uninstallCurrent = uninstall;
  return uninstall;
}

/** `/api/user/info?x=1`, `user/info` and `/user/info` all name `/user/info`. */
export function requestPath(url = ''): string {
  const path = new URL(url, 'http://casedesk.invalid/api/').pathname;
  return path.replace(/^\/api(?=\/|$)/, '') || '/';
}

function identify(config: InternalAxiosRequestConfig, env: HttpEnvironment) {
  config.headers.set('Accept-Language', currentLocale());
  const token = getToken();
  if (token) {
    config.headers.set('Authorization', `Bearer ${token}`);
  } else if (!isPublicPath(requestPath(config.url))) {
    // Never sent: without a token the server could only refuse it.
    const verdict = judgeMissingToken(t);
    carryOut(verdict, config.silent, env);
    throw new ApiFailure(verdict.message, null, null);
  }
  return config;
}

function accept(response: AxiosResponse, env: HttpEnvironment) {
  if (isSuccessBody(response.data)) {
    response.data = unwrapBody(response.data);
    return response;
  }
  const path = requestPath(response.config.url);
  throw fail(
    { status: response.status, ...readFailureBody(response.data), path },
    response.config.silent,
    env,
  );
}

function refuse(error: unknown, env: HttpEnvironment): never {
  // Refused before sending (already told), or aborted by the caller (nothing to tell).
  if (error instanceof ApiFailure || axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
  const path = requestPath(error.config?.url);
  const answer: FailedAnswer = error.response
    ? { status: error.response.status, ...readFailureBody(error.response.data), path }
    : {
        status: null,
        code: null,
        msg: null,
        errors: [],
        path,
        timedOut: error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT',
      };
  throw fail(answer, error.config?.silent, env);
}

/** `t`, noting the keys it was asked for. */
const noting =
  (keys: string[]): Translate =>
  (key, params) => {
    keys.push(key);
    return t(key, params);
  };

function fail(answer: FailedAnswer, silent: boolean | undefined, env: HttpEnvironment): ApiFailure {
  const keys: string[] = [];
  const verdict = judgeFailure(answer, noting(keys));
  carryOut(verdict, silent, env, keys, () => judgeFailure(answer, t).message);
  return new ApiFailure(
    answer.msg || verdict.message,
    answer.status,
    answer.code,
    answer.errors,
    answer.data,
  );
}

/**
 * `silent` calls skip what the user would see; the session is still cleared when it ended. A
 * notice waits for the message areas of the keys its text was made from (`keys`; src/i18n.ts
 * `ensureTexts`) and is then made again (`again`), so it never shows a bare key.
 */
function carryOut(
  verdict: Verdict,
  silent: boolean | undefined,
  env: HttpEnvironment,
  keys: readonly string[] = [],
  again: () => string = () => verdict.message,
) {
  if (verdict.clearSession) clearSession();
  if (verdict.sessionEvent) env.onSessionEvent?.(verdict.sessionEvent);
  if (silent) return;
  if (verdict.show.as === 'confirmLogout') confirmLogout(verdict.show.code, env);
  else {
    const duration = verdict.show.duration;
    void Promise.all([import('./notices'), ensureTexts(keys)]).then(([{ showError }]) =>
      showError(again(), duration),
    );
  }
  if (verdict.goToLogin) env.navigateToLogin();
}

let confirmOpen = false;

function confirmLogout(code: number, env: HttpEnvironment) {
  if (confirmOpen) return;
  confirmOpen = true;
  void import('./confirm-logout').then(({ showConfirmLogout }) =>
    showConfirmLogout(
      () => {
        confirmOpen = false;
        clearSession();
        env.onSessionEvent?.({ type: 'AUTH_FAILED', code });
        env.reloadPage();
      },
      () => {
        confirmOpen = false;
      },
    ),
  );
}
