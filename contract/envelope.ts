import { z } from 'zod';
import { CODES } from './codes';

/** One wrong field: where it is (dot path) and why. `value` is set for sensitive words. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  value: z.string().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('ok'),
    code: z.literal(CODES.ok),
    msg: z.string(),
    data,
  });
}

export const failEnvelopeSchema = z.object({
  status: z.literal('fail'),
  code: z.number().int(),
  msg: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type FailEnvelope = z.infer<typeof failEnvelopeSchema>;

export interface OkEnvelope<T> {
  status: 'ok';
  code: typeof CODES.ok;
  msg: string;
  data: T;
}
