import { CODES } from '../../contract/codes';
import type { FieldError } from '../../contract/envelope';
import type { MessageKey } from '../../contract/messages';
import { uniqueViolation } from '../db/unique-violation';

/**
 * The one way a handler refuses a request. The message is a catalogue key so the answer
 * comes in the caller's language; the error handler turns it into a fail envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly errors?: FieldError[],
    /** Sent as the envelope's `data`: what the caller needs to recover (ARCHITECTURE §2). */
    readonly data?: unknown,
  ) {
    super(messageKey);
  }
}

export const fail = {
  validation: (errors: FieldError[]) => new ApiError(400, CODES.validation, 'http.validation', {}, errors),
  /** A 400 about one field, with the rule's message as the field's reason. */
  field: (path: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    new ApiError(400, CODES.validation, key, params, [{ path, message: key }]),
  forbidden: (key: MessageKey = 'auth.forbidden', params: Record<string, string | number> = {}) =>
    new ApiError(403, CODES.forbidden, key, params),
  notFound: (key: MessageKey) => new ApiError(404, CODES.notFound, key),
  conflict: (
    key: MessageKey,
    params: Record<string, string | number> = {},
    errors?: FieldError[],
    data?: unknown,
  ) => new ApiError(409, CODES.conflict, key, params, errors, data),
  /** 428: a publish that does not say which version it was edited from. */
  preconditionRequired: (key: MessageKey) => new ApiError(428, CODES.preconditionRequired, key),
  tooMany: (key: MessageKey, params: Record<string, string | number> = {}) =>
    new ApiError(429, CODES.tooManyRequests, key, params),
};

type Refusal = readonly [httpStatus: number, code: number, key: MessageKey];

/** Fastify's own refusals that say more than their HTTP status. */
const FASTIFY_REFUSALS: Record<string, Refusal> = {
  FST_ERR_BAD_URL: [400, CODES.validation, 'http.badUrl'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, CODES.payloadTooLarge, 'http.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, CODES.validation, 'http.unsupportedMediaType'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, CODES.validation, 'http.invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, CODES.validation, 'http.invalidJson'],
};

/** Any other client error (Fastify's, a plugin's, a hook's), by its HTTP status. */
const REFUSALS_BY_STATUS: Record<number, Refusal> = {
  400: [400, CODES.validation, 'http.badRequest'],
  401: [401, CODES.illegalToken, 'auth.tokenInvalid'],
  403: [403, CODES.forbidden, 'auth.forbidden'],
  404: [404, CODES.notFound, 'http.notFound'],
  408: [408, CODES.validation, 'http.requestTimeout'],
  413: [413, CODES.payloadTooLarge, 'http.payloadTooLarge'],
  414: [414, CODES.validation, 'http.badUrl'],
  415: [415, CODES.validation, 'http.unsupportedMediaType'],
  429: [429, CODES.tooManyRequests, 'http.tooManyRequests'],
  431: [431, CODES.validation, 'http.headersTooLarge'],
};

/** The refusal a client error's HTTP status stands for. */
export function refusalForStatus(httpStatus: number): ApiError {
  const [status, code, key] = REFUSALS_BY_STATUS[httpStatus] ?? [
    httpStatus,
    CODES.validation,
    'http.badRequest',
  ];
  return new ApiError(status, code, key);
}

/**
 * A refusal that did not come through `fail` (Fastify's own, before or around the handler:
 * a malformed URL, a body it cannot parse, a plugin's or hook's 4xx) as an ApiError, so it is
 * answered like every other; null for anything that is not a client error.
 */
export function refusalFromFramework(err: { code?: unknown; statusCode?: unknown }): ApiError | null {
  const known = typeof err.code === 'string' ? FASTIFY_REFUSALS[err.code] : undefined;
  if (known) return new ApiError(...known);
  const status = err.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? refusalForStatus(status) : null;
}

/** What a duplicate in each unique column means to the caller: the field and the message. */
const TAKEN: Record<string, readonly [field: string, key: MessageKey]> = {
  'users.phone': ['phone', 'register.phoneTaken'],
  'law_firms.credit_code': ['creditCode', 'register.creditCodeTaken'],
  'lawyers.licence_no': ['licenceNo', 'register.licenceTaken'],
};

/**
 * Services check for duplicates before writing, but two requests can pass the same check at
 * once; the database's unique constraint then refuses the second, which is a 409, not a 500.
 */
export function conflictFromDuplicate(err: unknown): ApiError | null {
  const columns = uniqueViolation(err);
  if (!columns) return null;
  const taken = columns.map((c) => TAKEN[c]).find((t) => t !== undefined);
  if (taken) return fail.conflict(taken[1], {}, [{ path: taken[0], message: taken[1] }]);
  const fields = columns.map((c) => c.split('.').pop() ?? c);
  return fail.conflict(
    'http.validation',
    {},
    fields.map((path) => ({ path, message: 'http.validation' })),
  );
}
