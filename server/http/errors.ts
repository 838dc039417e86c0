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
  conflict: (key: MessageKey, params: Record<string, string | number> = {}, errors?: FieldError[]) =>
    new ApiError(409, CODES.conflict, key, params, errors),
  tooMany: (key: MessageKey, params: Record<string, string | number> = {}) =>
    new ApiError(429, CODES.tooManyRequests, key, params),
};

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
