/**
 * Result codes of the API envelope. The client's error catalogue (ARCHITECTURE.md §6) reads
 * these; the HTTP status travels alongside.
 */
export const CODES = {
  ok: 20000,
  /** Session expired: the client says "identity expired, log in again" and clears it. */
  sessionExpired: 10001,
  /** A value contains a sensitive word; `errors[0].value` carries the offending value. */
  sensitiveWord: 10010,
  /** No token, or a token the server does not know (revoked, forged). */
  illegalToken: 50008,
  validation: 40000,
  accountNotReviewed: 40301,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  payloadTooLarge: 41300,
  unprocessable: 42200,
  /** A publish without `If-Match` (HTTP 428): the version the edit started from is required. */
  preconditionRequired: 42800,
  tooManyRequests: 42900,
  internal: 50000,
} as const;

export type ResultCode = (typeof CODES)[keyof typeof CODES];
