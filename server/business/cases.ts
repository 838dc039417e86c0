import type { Kysely } from 'kysely';
import type { CaseStatus, CaseType } from '../../contract/cases';
import type { BusinessCaseQuery, BusinessCaseRow } from '../../contract/operations-api';
import type { Paged } from '../../contract/paging';
import { caseFilterConditions, countHints } from '../cases/filters';
import { countOnce, orderOf, windowOfIds } from '../cases/list';
import { casesWithNames } from '../cases/rows';
import { type CaseCondition, type CaseViewer, visibleParts } from '../cases/scope';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';

type PaymentStatus = NonNullable<BusinessCaseRow['lastPaymentStatus']>;
type PushStatus = NonNullable<BusinessCaseRow['pushStatus']>;

/**
 * The newest payment follow-up of the case in hand (`cases.id`), by time then id: the newest
 * entry of its contact log that says where the payment stands.
 */
const newestFollowUp = (eb: Parameters<CaseCondition>[0]) =>
  eb
    .selectFrom('contacts as newest_f')
    .whereRef('newest_f.case_id', '=', 'cases.id')
    .where('newest_f.payment_status', 'is not', null)
    .orderBy('newest_f.at', 'desc')
    .orderBy('newest_f.id', 'desc')
    .limit(1);

/** The newest push of the case in hand, by time then id. */
const newestPush = (eb: Parameters<CaseCondition>[0]) =>
  eb
    .selectFrom('case_pushes as newest_p')
    .whereRef('newest_p.case_id', '=', 'cases.id')
    .orderBy('newest_p.pushed_at', 'desc')
    .orderBy('newest_p.id', 'desc')
    .limit(1);

/**
 * The list's own filters beyond the case list's: the newest follow-up's payment status and the
 * newest push's status, each a correlated lookup per case along the case's own index
 * (contacts_case_idx, case_pushes_case_idx). A page stops after its rows; a total
 * with one of them visits every case the other filters leave (about 7 s on a million cases),
 * so totals are kept like the case list's (server/cases/count-cache.ts).
 */
async function businessConditions(db: Kysely<Database>, query: BusinessCaseQuery): Promise<CaseCondition[]> {
  const where = await caseFilterConditions(db, query);
  const { paymentStatus, pushStatus } = query;
  if (paymentStatus)
    where.push((eb) => eb(newestFollowUp(eb).select('newest_f.payment_status'), '=', paymentStatus));
  if (pushStatus) where.push((eb) => eb(newestPush(eb).select('newest_p.push_status'), '=', pushStatus));
  return where;
}

/**
 * A page of the business operations' list: cases (the case list's scope, filters, sort and
 * index-friendly paging, server/cases/list.ts) with what was recovered, the newest follow-up
 * and the newest push. The figures come from SQL for the page's cases only: a grouped sum of
 * their repayments and the newest follow-up and push of each, joined in one query.
 */
export async function listBusinessCases(
  app: AppContext,
  viewer: CaseViewer,
  query: BusinessCaseQuery,
): Promise<Paged<BusinessCaseRow>> {
  const parts = visibleParts(viewer);
  if (parts.length === 0) return { list: [], total: 0 };
  const where = await businessConditions(app.db, query);
  const offset = (query.page - 1) * query.pageSize;
  const window = await windowOfIds(app.db, parts, where, orderOf(query), { limit: query.pageSize, offset });
  const ids = window.map((c) => c.id);
  const list = await businessRows(app.db, ids);
  // A page that is not full ends the list: its total needs no count.
  if (ids.length < query.pageSize && (ids.length > 0 || offset === 0))
    return { list, total: offset + ids.length };
  const { page: _page, pageSize: _size, sortField: _field, sortOrder: _order, ...filter } = query;
  const total = await countOnce(app, JSON.stringify(['business', viewer.role, filter]), parts, [
    ...where,
    ...countHints(query),
  ]);
  return { list, total };
}

async function businessRows(db: Kysely<Database>, ids: number[]): Promise<BusinessCaseRow[]> {
  if (ids.length === 0) return [];
  const repaid = db
    .selectFrom('repayments')
    .where('case_id', 'in', ids)
    .select((eb) => [
      'case_id',
      eb.fn.sum<number>('amount_fen').as('repaid_fen'),
      eb.fn.countAll<number>().as('repayments'),
      eb.fn.max('repaid_on').as('last_repaid_on'),
    ])
    .groupBy('case_id')
    .as('repaid');
  const rows = await casesWithNames(db)
    .leftJoin(repaid, 'repaid.case_id', 'cases.id')
    .leftJoin('contacts as follow_up', (join) =>
      join.on((eb) => eb('follow_up.id', '=', newestFollowUp(eb).select('newest_f.id'))),
    )
    .leftJoin('case_pushes as push', (join) =>
      join.on((eb) => eb('push.id', '=', newestPush(eb).select('newest_p.id'))),
    )
    .leftJoin('law_firms as push_firm', 'push_firm.id', 'push.law_firm_id')
    .where('cases.id', 'in', ids)
    .select([
      'repaid.repaid_fen',
      'repaid.repayments',
      'repaid.last_repaid_on',
      'follow_up.at as last_followed_at',
      'follow_up.payment_status as last_payment_status',
      'follow_up.note as last_follow_up_note',
      'push.push_status',
      'push.pushed_at',
      'push_firm.name as pushed_to_firm',
    ])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const amountFen = Number(r.amount_fen);
    const repaidFen = Number(r.repaid_fen ?? 0);
    return [
      {
        id: r.id,
        caseNo: r.case_no,
        title: r.title,
        type: r.type as CaseType,
        status: r.status as CaseStatus,
        debtorName: r.debtor_name,
        clientName: r.client_name,
        regionCode: r.region_code,
        amountFen,
        entrustExpiresOn: r.entrust_expires_on,
        lawyerName: r.lawyer_name,
        lawFirmName: r.law_firm_name,
        courtSessionAt: r.court_session_at,
        createdAt: r.created_at,
        repaidFen,
        repayments: Number(r.repayments ?? 0),
        recoveryRate: amountFen > 0 ? repaidFen / amountFen : 0,
        lastRepaidOn: r.last_repaid_on ?? null,
        lastFollowedAt: r.last_followed_at,
        lastPaymentStatus: r.last_payment_status as PaymentStatus | null,
        lastFollowUpNote: r.last_follow_up_note,
        pushStatus: r.push_status as PushStatus | null,
        pushedAt: r.pushed_at,
        pushedToFirm: r.pushed_to_firm,
      },
    ];
  });
}
