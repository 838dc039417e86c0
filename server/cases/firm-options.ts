import type { z } from 'zod';
import type { lawFirmOptionSchema, lawFirmOptionsQuerySchema } from '../../contract/case-api';
import { MAX_PAGE_SIZE, type Paged } from '../../contract/paging';
import type { AppContext } from '../context';
import { containsText } from '../db/text-search';

/**
 * The law firms a case may be pushed to, by name, for the push picker: only firms that passed
 * review and are not suspended (PUSH is refused for any other, server/cases/transitions.ts).
 */
export async function lawFirmOptions(
  app: AppContext,
  query: z.infer<typeof lawFirmOptionsQuerySchema>,
): Promise<Paged<z.infer<typeof lawFirmOptionSchema>>> {
  let base = app.db
    .selectFrom('law_firms as f')
    .where('f.review_status', '=', 'passed')
    .where('f.suspended_at', 'is', null);
  if (query.keyword) {
    const keyword = query.keyword;
    base = base.where(() => containsText('f.name', keyword));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['f.id', 'f.name', 'f.region_code'])
      .orderBy('f.name')
      .orderBy('f.id')
      .limit(MAX_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, regionCode: r.region_code })),
    total: Number(count.n),
  };
}
