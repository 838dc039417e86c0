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
