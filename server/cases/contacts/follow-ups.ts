import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { scopeOf } from '../../../contract/access';
import type { CaseDetail } from '../../../contract/case-api';
import type { followUpSchema } from '../../../contract/contact-row';
import type {
  followUpListQuerySchema,
  followUpRequestSchema,
  followUpRowSchema,
} from '../../../contract/contacts';
import { businessDayEnd, businessDayStart } from '../../../contract/dates';
import type { Paged } from '../../../contract/paging';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { handledCase } from '../payments';
import type { CaseViewer } from '../scope';
import type { Who } from './log';
import { refuseSensitiveWords } from './sensitive-words';

/**
 * Payment follow-ups (添加跟进, 回款跟进) on top of the contact log: a follow-up is a contact
 * without a channel that says where the payment stands (`payment_status`); a contact with a
 * promise to pay says `promised`. Both show in 回款跟进 and the case's follow-ups.
 */
type FollowUp = z.infer<typeof followUpSchema>;
type PaymentStatus = FollowUp['paymentStatus'];

export async function addFollowUp(
  app: AppContext,
  who: Who,
  caseId: number,
  body: z.infer<typeof followUpRequestSchema>,
): Promise<FollowUp> {
  await handledCase(app, who.viewer, caseId);
  await refuseSensitiveWords(app.db, [{ path: 'note', text: body.note }]);
  const now = app.clock.now();
  const id = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contacts')
      .values({
        case_id: caseId,
        at: now.toISOString(),
        logged_at: now.toISOString(),
        note: body.note,
        payment_status: body.paymentStatus,
        created_by: who.caller.userId,
        law_firm_id: who.viewer.lawFirmId,
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

/** A case's follow-ups, newest first (the case detail's `followUps`). */
export async function followUpsOf(db: Kysely<Database>, caseId: number): Promise<CaseDetail['followUps']> {
  const rows = await db
    .selectFrom('contacts as f')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select(['f.id', 'f.case_id', 'f.at', 'f.note', 'f.payment_status', 'u.name as operator_name'])
    .where('f.case_id', '=', caseId)
    .where('f.payment_status', 'is not', null)
    .orderBy('f.at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((f) => ({
    id: f.id,
    caseId: f.case_id,
    followedAt: f.at,
    note: f.note,
    paymentStatus: f.payment_status as PaymentStatus,
    operatorName: f.operator_name,
  }));
}

/** Payment follow-ups across cases, newest first: scope `all` of `cases.run` sees all, `own` those of the cases one handles. */
export async function listFollowUps(
  app: AppContext,
  viewer: CaseViewer,
  query: z.infer<typeof followUpListQuerySchema>,
): Promise<Paged<z.infer<typeof followUpRowSchema>>> {
  const everyCase = scopeOf('cases.run', viewer.role) === 'all';
  if (!everyCase && viewer.lawyerId === null) return { list: [], total: 0 };
  let base = app.db
    .selectFrom('contacts as f')
    .innerJoin('cases as c', 'c.id', 'f.case_id')
    .where('f.payment_status', 'is not', null);
  if (!everyCase) base = base.where('c.lawyer_id', '=', viewer.lawyerId);
  if (query.caseNo) base = base.where('c.case_no', '=', query.caseNo.toUpperCase());
  if (query.paymentStatus) base = base.where('f.payment_status', '=', query.paymentStatus);
  if (query.followedFrom) base = base.where('f.at', '>=', businessDayStart(query.followedFrom));
  if (query.followedTo) base = base.where('f.at', '<', businessDayEnd(query.followedTo));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as operator', 'operator.id', 'f.created_by')
      .leftJoin('lawyers as l', 'l.id', 'c.lawyer_id')
      .leftJoin('users as lawyer_user', 'lawyer_user.id', 'l.user_id')
      .select([
        'f.id',
        'f.case_id',
        'f.at',
        'f.note',
        'f.payment_status',
        'operator.name as operator_name',
        'c.case_no',
        'c.title',
        'lawyer_user.name as lawyer_name',
      ])
      .orderBy('f.at', 'desc')
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
      followedAt: f.at,
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
