import type { AxiosRequestConfig } from 'axios';
import type { FieldError } from '../../contract/envelope';
import { http } from './client';

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
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  /** The server's message, or the catalogue's when the server sent none. */
  get msg(): string {
    return this.message;
  }
}

function config(opts: RequestOptions = {}): AxiosRequestConfig {
  return { params: opts.params, signal: opts.signal, silent: opts.silent, headers: opts.headers };
}

/** The interceptors unwrap the envelope, so `data` here is the envelope's `data`. */
export async function apiGet<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await http.get<T>(path, config(opts))).data;
}

export async function apiPost<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await http.post<T>(path, body, config(opts))).data;
}

export async function apiPut<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return (await http.put<T>(path, body, config(opts))).data;
}

export async function apiDelete<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await http.delete<T>(path, config(opts))).data;
}
