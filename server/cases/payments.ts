import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { scopeOf } from '../../contract/access';
import type { CaseRow, repaymentRequestSchema, repaymentSchema } from '../../contract/case-api';
import { businessDayStart } from '../../contract/dates';
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
import { caseRowsByIds } from './rows';
import type { CaseViewer } from './scope';
import { actorOf } from './scope';
import { stateOfRow, storeTransition, TRANSITION_COLUMNS } from './transitions';
import { visibleCase } from './visible-case';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

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
