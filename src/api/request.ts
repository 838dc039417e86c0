import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { FieldError } from '../../contract/envelope';

/** Per-call options. `silent` skips the error catalogue's notice (the caller shows its own). */
export interface RequestOptions {
  params?: Record<string, unknown>;
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error catalogue's notice for this call. */
    silent?: boolean;
  }
}

/** A refused or failed call, after the error catalogue has handled it. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly errors: FieldError[] = [],
    /** The failure envelope's `data` (a stale decision's `{version, savedBy, savedAt}`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  /** The server's message, or the catalogue's when the server sent none. */
  get msg(): string {
    return this.message;
  }
}

let setUp: (() => Promise<void>) | null = null;
let ready: Promise<AxiosInstance> | null = null;

/**
 * How the one client gets its interceptors (main.tsx): run once, before the first call goes
 * out. Axios and the interceptors load with that first call, not with the first page: the
 * login page needs them only when the form is sent (README, performance budget).
 */
export function prepareHttp(install: () => Promise<void>): void {
  setUp = install;
  ready = null;
}

/** The one HTTP client (client.ts), its interceptors installed. */
export function httpClient(): Promise<AxiosInstance> {
  ready ??= Promise.all([import('./client'), setUp?.()]).then(
    ([module]) => module.http,
    (error: unknown) => {
      // A chunk that failed to load (the network) is fetched again by the next call.
      ready = null;
      throw error;
    },
  );
  return ready;
}

function config(opts: RequestOptions = {}): AxiosRequestConfig {
  return { params: opts.params, signal: opts.signal, silent: opts.silent, headers: opts.headers };
}

/** The interceptors unwrap the envelope, so `data` here is the envelope's `data`. */
export async function apiGet<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await (await httpClient()).get<T>(path, config(opts))).data;
}

export async function apiPost<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await (await httpClient()).post<T>(path, body, config(opts))).data;
}

export async function apiPut<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await (await httpClient()).put<T>(path, body, config(opts))).data;
}

export async function apiDelete<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await (await httpClient()).delete<T>(path, config(opts))).data;
}
