import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** Digits as a path or a query writes a whole number; 16 of them already pass the safe integers. */
const DIGITS = /^\d{1,16}$/;

/**
 * A whole number from a path or a query (or a JSON number), digits only, then checked by
 * `schema`. zod's coerce read "0x10", " 1", "1e2" and "1.0" as 16, 1, 100 and 1; here they
 * stay text, which `schema` refuses with its own message.
 */
export function fromDigits<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v), schema);
}

/** A whole number in a query, from `min` to `max`. */
export const wholeNumber = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  fromDigits(z.number({ error: 'rule.wholeNumber' }).int('rule.wholeNumber').min(min).max(max));

/** `page` is 1-based; `pageSize` is capped so no caller can ask for the whole table. */
export const pageQuerySchema = z.object({
  page: wholeNumber(1).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}

export interface Paged<T> {
  list: T[];
  total: number;
}

/** The largest id a row can have: ids are 32-bit integers on PostgreSQL. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or query: a positive integer a row can have, in digits only. */
export const idValue = fromDigits(
  z.number({ error: 'rule.id' }).int('rule.id').positive('rule.id').max(MAX_ID, 'rule.id'),
);

/** An id in a JSON body. */
export const bodyId = z.number().int().positive().max(MAX_ID, 'rule.id');

/** A calendar day, YYYY-MM-DD (a day in China Standard Time when it bounds a timestamp). */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'rule.date')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'rule.date');
