import { CODES } from '../contract/codes';

/**
 * What a failed `env.request` tells the user. The environment rejects with an Error whose
 * message the user may see; when the server answered, the error also carries the HTTP
 * `status`, the envelope `code` and the field `errors` (the app's ApiFailure does). Read
 * defensively: a test or another app may reject with a bare Error, or with anything.
 */
export interface RequestFailure {
  message: string;
  status: number | null;
  code: number | null;
  /** Field errors of a 400: dot paths of the request body or query, with their messages. */
  fieldErrors: Array<{ path: string; message: string }>;
  /** The failure envelope's `data`, as the server sent it (a stale decision: `{version, savedBy, savedAt}`). */
  data?: unknown;
}

export function readFailure(error: unknown): RequestFailure {
  const carrier = error !== null && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const message = error instanceof Error && error.message ? error.message : String(error);
  const errors = Array.isArray(carrier.errors) ? carrier.errors : [];
  return {
    message,
    status: typeof carrier.status === 'number' ? carrier.status : null,
    code: typeof carrier.code === 'number' ? carrier.code : null,
    data: carrier.data,
    fieldErrors: errors.flatMap((item: unknown) => {
      const e = item as { path?: unknown; message?: unknown } | null;
      return e && typeof e.path === 'string' && typeof e.message === 'string'
        ? [{ path: e.path, message: e.message }]
        : [];
    }),
  };
}

/** A refusal because someone else changed the record first (optimistic locking) or the rules say no. */
export function isConflict(failure: RequestFailure): boolean {
  return failure.status === 409 || failure.code === CODES.conflict;
}
