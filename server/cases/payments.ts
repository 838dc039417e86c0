import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { scopeOf } from '../../contract/access';
import type {
  CaseRow,
  followUpListQuerySchema,
  followUpRequestSchema,
  followUpRowSchema,
  followUpSchema,
  repaymentRequestSchema,
  repaymentSchema,
} from '../../contract/case-api';
import { businessDayEnd, businessDayStart } from '../../contract/dates';
import type { Paged } from '../../contract/paging';
import { canRepay } from '../../machines/caseRules';
import { decideTransition } from '../../machines/caseStatusMachine';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { serializeOn } from '../db/serialize';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { transact } from '../notifications/bus';
import { forgetCaseCounts } from './count-cache';
import { refillPlan } from './plans/refill';
import { caseRowsByIds } from './rows';
import type { CaseViewer } from './scope';
import { actorOf } from './scope';
import { stateOfRow, storeTransition, TRANSITION_COLUMNS } from './transitions';
import { visibleCase } from './visible-case';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };
type FollowUp = z.infer<typeof followUpSchema>;
type PaymentStatus = FollowUp['paymentStatus'];

/**
 * A case the caller works (`cases.run`): any case in scope `all`, only the cases they handle
 * in scope `own` (a pool case is not theirs yet).
 */
async function handledCase(app: AppContext, viewer: CaseViewer, id: number) {
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

/**
 * A repayment that pays what was outstanding closes the case as repaid: through the case status
 * machine (CLOSE, result repaid) for the same actor, in the repayment's own transaction, with
 * its audit entry. A case the machine will not let this actor close just keeps the repayment.
 */
async function closeWhenRepaid(
  trx: Kysely<Database>,
  app: AppContext,
  who: Who,
  current: CaseRow,
): Promise<boolean> {
  const actor = actorOf(who.viewer);
  const event = { type: 'CLOSE', actor, result: 'repaid' } as const;
  const decision = decideTransition(stateOfRow(current), event);
  if (!decision.ok) return false;
  await storeTransition(trx, app, { actor, caller: who.caller, requestId: who.requestId }, current, {
    event,
    next: decision.next,
    pushes: decision.pushes,
  });
  return true;
}

/** Fen as yuan for a message: 565000 -> "5,650.00". */
function yuanText(fen: number): string {
  const yuan = Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${yuan}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * The case as it stands inside the repayment's transaction, its row held until the transaction
 * ends: on PostgreSQL `FOR UPDATE`, so a second repayment (or a transition's update) of the same
 * case waits for this one to commit and then reads what it wrote; on SQLite the write
 * transaction (BEGIN IMMEDIATE, server/db/connect.ts) already holds the database.
 */
async function lockedCase(trx: Kysely<Database>, who: Who, caseId: number) {
  let held = trx.selectFrom('cases').select('id').where('id', '=', caseId);
  if (dialectOf(trx) === 'postgres') held = held.forUpdate();
  await held.executeTakeFirst();
  const [current] = await caseRowsByIds(trx, [caseId], who.viewer);
  if (!current) throw fail.notFound('case.notFound');
  const total = await trx
    .selectFrom('repayments')
    .where('case_id', '=', caseId)
    .select((eb) => eb.fn.sum<number>('amount_fen').as('repaid'))
    .executeTakeFirstOrThrow();
  const repaidFen = Number(total.repaid ?? 0);
  return { current, outstandingFen: Math.max(0, current.amountFen - repaidFen) };
}

/**
 * Records a repayment, decided under the case's lock (lockedCase): refused 409 with `data:
 * {outstandingFen}` unless the case may take repayments where it stands (machines/caseRules.ts
 * canRepay: processing or suspended) and the amount is at most what is outstanding, so
 * simultaneous repayments never add up past the claim. The one that pays the rest closes it.
 */
export async function addRepayment(
  app: AppContext,
  who: Who,
  caseId: number,
  body: z.infer<typeof repaymentRequestSchema>,
): Promise<z.infer<typeof repaymentSchema>> {
  const seen = await handledCase(app, who.viewer, caseId);
  const now = app.clock.now();
  // A repayment is recorded once it has happened: no date after today (China time).
  if (businessDayStart(body.repaidOn) > now.toISOString())
    throw fail.field('repaidOn', 'case.repaidInFuture');
  const note = body.note || null;
  // transact: a repayment that closes the case tells the streams only once it has committed.
  const id = await transact(app.db, async (trx) => {
    await serializeOn(trx, `case:${caseId}`);
    const { current, outstandingFen } = await lockedCase(trx, who, caseId);
    if (!canRepay(current)) {
      throw fail.conflict('case.repayment.notRepayable', {}, undefined, { outstandingFen });
    }
    if (body.amountFen > outstandingFen) {
      throw fail.conflict(
        'case.repayment.overOutstanding',
        { outstanding: yuanText(outstandingFen) },
        [{ path: 'amountFen', message: 'case.repayment.overOutstanding' }],
        { outstandingFen },
      );
    }
    const row = await trx
      .insertInto('repayments')
      .values({
        case_id: caseId,
        amount_fen: body.amountFen,
        repaid_on: body.repaidOn,
        note,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.repayment',
        entity: 'case',
        entityId: caseId,
        summary: `repayment of ${body.amountFen} fen on ${body.repaidOn}`,
        params: { caseNo: seen.caseNo, amountFen: body.amountFen, repaidOn: body.repaidOn },
      },
    );
    const closed = body.amountFen === outstandingFen ? await closeWhenRepaid(trx, app, who, current) : false;
    await refillPlan(trx, app, { caseId, requestId: who.requestId });
    return { id: row.id, closed };
  });
  if (id.closed) forgetCaseCounts(app.db, { columns: TRANSITION_COLUMNS });
  return {
    id: id.id,
    caseId,
    amountFen: body.amountFen,
    repaidOn: body.repaidOn,
    note,
    createdAt: now.toISOString(),
    closedCase: id.closed,
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
