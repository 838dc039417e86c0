import { CODES } from './codes';
import { z } from './zod-mini';

/** One wrong field: where it is (dot path) and why. `value` is set for sensitive words. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  value: z.optional(z.string()),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * A zod failure as field errors, each at the dot path of its field (`root` for the value
 * itself). zod reports the unknown keys of a strict object once, at the object; here each
 * key is its own error at its own path (`columns.0.onClick`), with `schema.unknownKey`.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], root = '(root)'): FieldError[] {
  return issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: [...at, key].join('.'), message: 'schema.unknownKey' }));
    return [{ path: at.join('.') || root, message: issue.message }];
  });
}

export function okEnvelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({
    status: z.literal('ok'),
    code: z.literal(CODES.ok),
    msg: z.string(),
    data,
  });
}

export const failEnvelopeSchema = z.object({
  status: z.literal('fail'),
  code: z.number().check(z.int()),
  msg: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
  /** Figures the caller needs to recover (`{version, savedBy, savedAt}` on a stale decision). */
  data: z.optional(z.unknown()),
});
export type FailEnvelope = z.infer<typeof failEnvelopeSchema>;

export interface OkEnvelope<T> {
  status: 'ok';
  code: typeof CODES.ok;
  msg: string;
  data: T;
}
