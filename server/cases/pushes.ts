import type { z } from 'zod';
import { scopeOf } from '../../contract/access';
import type { pushListQuerySchema, pushRowSchema, pushSchema } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import type { AppContext } from '../context';
import type { CaseViewer } from './scope';

type PushRow = z.infer<typeof pushRowSchema>;
type Push = z.infer<typeof pushSchema>;

/**
 * A push record's columns, as this list and a case's detail both read them: `case_pushes as p`
 * joined to its firm (`law_firms as f`) and its operator (`users as u`, left joined).
 */
export const PUSH_COLUMNS = [
  'p.id',
  'p.case_id',
  'p.law_firm_id',
  'p.pushed_at',
  'p.push_status',
  'p.answered_at',
  'p.reason',
  'f.name as firm_name',
  'u.name as operator_name',
] as const;

/** A push record read with PUSH_COLUMNS, as the API serves it. */
export function pushOf(p: {
  id: number;
  case_id: number;
  law_firm_id: number;
  pushed_at: string;
  push_status: string;
  answered_at: string | null;
  reason: string | null;
  firm_name: string;
  operator_name: string | null;
}): Push {
  return {
    id: p.id,
    caseId: p.case_id,
    lawFirmId: p.law_firm_id,
    lawFirmName: p.firm_name,
    pushedAt: p.pushed_at,
    pushStatus: p.push_status as Push['pushStatus'],
    operatorName: p.operator_name,
    answeredAt: p.answered_at,
    reason: p.reason,
  };
}

/**
 * Whose push records a viewer reads, wherever they are shown (this list, a case's detail and
 * its history): every firm's for platform staff (scope `all` of `cases.pushes`, or of
 * `cases.read`); otherwise their own firm's only (null: none), so a firm never reads which
 * other firm had a case or why it declined it.
 */
export function pushesVisibleTo(viewer: CaseViewer): 'all' | number | null {
  if (scopeOf('cases.pushes', viewer.role) === 'all' || scopeOf('cases.read', viewer.role) === 'all')
    return 'all';
  return viewer.lawFirmId;
}

/** Cases pushed to firms, newest first: scope `all` of `cases.pushes` sees every push, `firm` the firm's own. */
export async function listPushes(
  app: AppContext,
  viewer: CaseViewer,
  query: z.infer<typeof pushListQuerySchema>,
): Promise<Paged<PushRow>> {
  const firms = pushesVisibleTo(viewer);
  if (firms === null) return { list: [], total: 0 };
  let base = app.db.selectFrom('case_pushes as p').innerJoin('cases as c', 'c.id', 'p.case_id');
  if (firms !== 'all') base = base.where('p.law_firm_id', '=', firms);
  if (query.lawFirmId) base = base.where('p.law_firm_id', '=', query.lawFirmId);
  if (query.pushStatus) base = base.where('p.push_status', '=', query.pushStatus);
  if (query.caseNo) base = base.where('c.case_no', '=', query.caseNo.toUpperCase());
  const [rows, count] = await Promise.all([
    base
      .innerJoin('law_firms as f', 'f.id', 'p.law_firm_id')
      .leftJoin('users as u', 'u.id', 'p.operator_id')
      .select([...PUSH_COLUMNS, 'c.case_no', 'c.title'])
      .orderBy('p.pushed_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((p) => ({ ...pushOf(p), caseNo: p.case_no, caseTitle: p.title })),
    total: Number(count.n),
  };
}
