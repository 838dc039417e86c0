import type { z } from 'zod';
import { scopeOf } from '../../contract/access';
import type { lawyerOptionSchema, lawyerOptionsQuerySchema } from '../../contract/case-api';
import { MAX_PAGE_SIZE, type Paged } from '../../contract/paging';
import type { AppContext } from '../context';
import { containsText } from '../db/text-search';
import type { CaseViewer } from './scope';

/**
 * Lawyers a case can be assigned to (passed review), by name, for a select: every firm's in
 * scope `all` of `cases.assign`, the caller's own firm's otherwise.
 */
export async function lawyerOptions(
  app: AppContext,
  viewer: CaseViewer,
  query: z.infer<typeof lawyerOptionsQuerySchema>,
): Promise<Paged<z.infer<typeof lawyerOptionSchema>>> {
  let base = app.db
    .selectFrom('lawyers as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('law_firms as f', 'f.id', 'l.law_firm_id')
    .where('l.review_status', '=', 'passed')
    .where('l.suspended_at', 'is', null)
    .where('f.suspended_at', 'is', null)
    .where('u.enabled', '=', 1);
  if (scopeOf('cases.assign', viewer.role) !== 'all')
    base = base.where('l.law_firm_id', '=', viewer.lawFirmId ?? 0);
  if (query.lawFirmId) base = base.where('l.law_firm_id', '=', query.lawFirmId);
  if (query.keyword) {
    const keyword = query.keyword;
    base = base.where(() => containsText('u.name', keyword));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['l.id', 'u.name', 'l.law_firm_id', 'f.name as firm_name'])
      .orderBy('f.name')
      .orderBy('u.name')
      .orderBy('l.id')
      .limit(MAX_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, lawFirmId: r.law_firm_id, lawFirmName: r.firm_name })),
    total: Number(count.n),
  };
}
