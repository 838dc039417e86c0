import { createContext, type RefObject, useContext, useRef } from 'react';
import type { CaseStatus } from '../contract/cases';
import type { Role } from '../contract/roles';
import type { Registry } from './registry';

/**
 * Everything renderers need from the outside world, injected in one object: the app passes
 * one built on its HTTP client, router and i18n; a test passes a fake in one line. Renderers
 * never reach for globals (fetch, window.location, Message, i18next) themselves.
 */
export interface RegistryEnvironment {
  /** The signed-in user's role; every `access` rule in a descriptor is checked against it. */
  role: Role | null;
  /**
   * The signed-in user, when the app knows it: table column settings are remembered per user
   * (per role without it), and a case's allowed status events are worked out for this actor
   * when the server did not send them with the record.
   */
  user?: RegistryUser | null;
  locale: RegistryLocale;
  /** Translation; `params.defaultValue` is shown when the key is missing. */
  t(key: string, params?: Record<string, unknown>): string;
  /**
   * An API call. `path` is relative to /api (`/dashboard/workplace`), templates already
   * filled. Resolves with the envelope's `data`; rejects with an Error carrying a message
   * the user may see, and, when the server answered, its HTTP `status`, envelope `code` and
   * field `errors` (`{ path, message }[]`) as properties (see `request-failure.ts`).
   * Array params are sent as repeated keys (`status=a&status=b`); a `FormData` body is sent as
   * multipart.
   */
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /**
   * Saves a file the API streams (GET `path` with `params`, e.g. a CSV export), sent with the
   * session's Authorization header like any request, so a plain link would not do. Resolves
   * once the browser has the file. Without it, export actions say that downloads are not
   * available.
   */
  download?(path: string, options?: DownloadOptions): Promise<void>;
  /** The raw descriptor of a page id (GET /api/pages/:id); PageHost validates it. */
  fetchPage(id: string, options?: { signal?: AbortSignal }): Promise<unknown>;
  /** Goes to an app path (already checked to be same-origin). */
  navigate(to: string): void;
  /** Goes back one step in the history (a form's `afterSuccess: 'back'`); without it the form stays. */
  back?(): void;
  notify(kind: NoticeKind, message: string): void;
  /** Asks a yes/no question; resolves true on OK. */
  confirm(message: string): Promise<boolean>;
  /**
   * The status events this actor may send to a case in this state: the app passes the case
   * status machine's `allowedEvents` (machines/), used when a record arrives without the
   * server's own `allowedEvents`. Without it such a record offers no transitions.
   */
  caseEvents?(state: CaseStateView, actor: CaseActorView): readonly string[];
  /**
   * The same function, loaded when a record without the server's `allowedEvents` first asks
   * (the app's status machine is a chunk that dashboards never load): a transition action waits
   * for it (React Suspense) before it draws. Must hand out one promise, not a new one per call.
   * `caseEvents`, when given, is used instead.
   */
  loadCaseEvents?(): Promise<NonNullable<RegistryEnvironment['caseEvents']>>;
  /**
   * Calls `listener` whenever data may have changed (a change made on any screen, a live
   * message about another person's decision); returns the function that stops listening.
   * Table and detail pages read their source again then, so lists show a change without ↻.
   */
  onDataChanged?(listener: () => void): () => void;
}

/** A case as the status machine reads it. */
export interface CaseStateView {
  status: CaseStatus;
  lawyerId: number | null;
  lawFirmId: number | null;
}
/** Who asks, as the status machine reads them. */
export interface CaseActorView {
  role: Role;
  userId: number;
  lawyerId: number | null;
  lawFirmId: number | null;
}

export type RegistryLocale = 'zh-CN' | 'en-US';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export interface RequestOptions {
  params?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** The registry shows this call's failure itself (inline or as a notice): the app should not. */
  silent?: boolean;
}
export interface DownloadOptions {
  params?: Record<string, unknown>;
  signal?: AbortSignal;
}
export interface RegistryUser {
  id: number | string;
  /** The lawyer record of a lawyer user (the case status machine's ownership checks). */
  lawyerId?: number | null;
  lawFirmId?: number | null;
}

export const EnvironmentContext = createContext<RegistryEnvironment | null>(null);
export const RegistryContext = createContext<Registry | null>(null);

export function useRegistryEnv(): RegistryEnvironment {
  const env = useContext(EnvironmentContext);
  if (!env) throw new Error('ui-registry: render inside <RegistryProvider env={...}>');
  return env;
}

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('ui-registry: render inside <RegistryProvider env={...}>');
  return registry;
}

/**
 * The environment as a ref, for effects that load data: they rerun when what they load
 * changes (the page, the path, the role), not when the app hands over a new environment
 * object with the same meaning (a language switch).
 */
export function useEnvRef(): RefObject<RegistryEnvironment> {
  const env = useRegistryEnv();
  const ref = useRef(env);
  ref.current = env;
  return ref;
}
