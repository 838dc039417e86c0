import type { z } from 'zod';
import { scopeOf } from '../../contract/access';
import type {
  followUpListQuerySchema,
  followUpRequestSchema,
  followUpRowSchema,
  followUpSchema,
} from '../../contract/case-api';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { Paged } from '../../contract/paging';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import type { CaseViewer } from './scope';
import { visibleCase } from './visible-case';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };
type FollowUp = z.infer<typeof followUpSchema>;
type PaymentStatus = FollowUp['paymentStatus'];

/**
 * A case the caller works (`cases.run`): any case in scope `all`, only the cases they handle
 * in scope `own` (a pool case is not theirs yet).
 */
export async function handledCase(app: AppContext, viewer: CaseViewer, id: number) {
  const row = await visibleCase(app.db, viewer, id);
  if (
    scopeOf('cases.run', viewer.role) !== 'all' &&
    (row.lawyerId === null || row.lawyerId !== viewer.lawyerId)
  ) {
    throw fail.forbidden('case.transition.notHandlingLawyer');
  }
  return row;
}

export async function addFollowUp(
  app: AppContext,
  who: Who,
  caseId: number,
  body: z.infer<typeof followUpRequestSchema>,
): Promise<FollowUp> {
  await handledCase(app, who.viewer, caseId);
  const now = app.clock.now();
  const id = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('payment_follow_ups')
      .values({
        case_id: caseId,
        followed_at: now.toISOString(),
        note: body.note,
        payment_status: body.paymentStatus,
        operator_id: who.caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.followUp',
        entity: 'case',
        entityId: caseId,
        summary: `follow-up: ${body.paymentStatus}`,
        params: { paymentStatus: body.paymentStatus },
      },
    );
    return row.id;
  });
  return {
    id,
    caseId,
    followedAt: now.toISOString(),
    note: body.note,
    paymentStatus: body.paymentStatus,
    operatorName: who.caller.name,
  };
}

/** Payment follow-ups across cases, newest first: scope `all` of `cases.run` sees all, `own` those of the cases one handles. */
export async function listFollowUps(
  app: AppContext,
  viewer: CaseViewer,
  query: z.infer<typeof followUpListQuerySchema>,
): Promise<Paged<z.infer<typeof followUpRowSchema>>> {
  const everyCase = scopeOf('cases.run', viewer.role) === 'all';
  if (!everyCase && viewer.lawyerId === null) return { list: [], total: 0 };
  let base = app.db.selectFrom('payment_follow_ups as f').innerJoin('cases as c', 'c.id', 'f.case_id');
  if (!everyCase) base = base.where('c.lawyer_id', '=', viewer.lawyerId);
  if (query.caseNo) base = base.where('c.case_no', '=', query.caseNo.toUpperCase());
  if (query.paymentStatus) base = base.where('f.payment_status', '=', query.paymentStatus);
  if (query.followedFrom) base = base.where('f.followed_at', '>=', businessDayStart(query.followedFrom));
  if (query.followedTo) base = base.where('f.followed_at', '<', businessDayEnd(query.followedTo));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as operator', 'operator.id', 'f.operator_id')
      .leftJoin('lawyers as l', 'l.id', 'c.lawyer_id')
      .leftJoin('users as lawyer_user', 'lawyer_user.id', 'l.user_id')
      .select([
        'f.id',
        'f.case_id',
        'f.followed_at',
        'f.note',
        'f.payment_status',
        'operator.name as operator_name',
        'c.case_no',
        'c.title',
        'lawyer_user.name as lawyer_name',
      ])
      .orderBy('f.followed_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((f) => ({
      id: f.id,
      caseId: f.case_id,
      followedAt: f.followed_at,
      note: f.note,
      paymentStatus: f.payment_status as PaymentStatus,
      operatorName: f.operator_name,
      caseNo: f.case_no,
      caseTitle: f.title,
      lawyerName: f.lawyer_name,
    })),
    total: Number(count.n),
  };
}
