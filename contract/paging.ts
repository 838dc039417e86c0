import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** `page` is 1-based; `pageSize` is capped so no caller can ask for the whole table. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
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

/** An id in a path or query: a positive integer a row can have. */
export const idValue = z.coerce.number().int().positive('rule.id').max(MAX_ID, 'rule.id');

/** An id in a JSON body. */
export const bodyId = z.number().int().positive().max(MAX_ID, 'rule.id');
