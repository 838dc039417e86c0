import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CaseRow } from '../../../contract/case-api';
import { businessDayStart, formatDate } from '../../../contract/dates';
import type { repaymentRequestSchema, repaymentSchema } from '../../../contract/ledger';
import {
  type chargeRequestSchema,
  partsAnswer,
  type reverseRequestSchema,
  totalOf,
  VOUCHER_EXTENSIONS,
} from '../../../contract/ledger';
import { canRepay } from '../../../machines/caseRules';
import { decideTransition } from '../../../machines/caseStatusMachine';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { fail } from '../../http/errors';
import type { Caller } from '../../http/route';
import { transact } from '../../notifications/bus';
import { forgetCaseCounts } from '../count-cache';
import { handledCase } from '../payments';
import { refillPlan } from '../plans/refill';
import { caseRowsByIds } from '../rows';
import type { CaseViewer } from '../scope';
import { actorOf } from '../scope';
import { applySystemTransition } from '../system-transition';
import { stateOfRow, storeTransition, TRANSITION_COLUMNS } from '../transitions';
import { visibleCase } from '../visible-case';
import { addLedgerEntry, heldLedger, OUTSTANDING_COLUMNS, reverseLedgerEntry } from './entries';

type Who = { caller: Caller; viewer: CaseViewer; requestId: string };

/**
 * A repayment that pays what was outstanding closes the case as repaid: through the case status
 * machine (CLOSE, result repaid) for the same actor, in the repayment's own transaction, with
 * its audit entry. A case the machine will not let this actor close just keeps the repayment.
 */
async function closeWhenRepaid(trx: Kysely<Database>, app: AppContext, who: Who, current: CaseRow) {
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

/** The case as it stands inside the transaction, its ledger held (entries.ts heldLedger). */
async function heldCase(trx: Kysely<Database>, who: Who, caseId: number) {
  const { outstanding } = await heldLedger(trx, caseId);
  const [current] = await caseRowsByIds(trx, [caseId], who.viewer);
  if (!current) throw fail.notFound('case.notFound');
  return { current, outstandingFen: totalOf(outstanding) };
}

/** A voucher is an image or PDF attachment of the same case (400 at `voucherAttachmentId`). */
async function checkVoucher(db: Kysely<Database>, caseId: number, id: number | undefined) {
  if (id === undefined) return;
  const row = await db
    .selectFrom('case_attachments')
    .select('name')
    .where('id', '=', id)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw fail.field('voucherAttachmentId', 'ledger.voucherNotFound');
  const ext = row.name.slice(row.name.lastIndexOf('.') + 1).toLowerCase();
  if (!(VOUCHER_EXTENSIONS as readonly string[]).includes(ext))
    throw fail.field('voucherAttachmentId', 'ledger.voucherType');
}

/**
 * Records a repayment as a ledger entry allocated over the outstanding parts, decided with the
 * case's ledger held: refused 409 with `data: {outstandingFen}` unless the case may take
 * repayments where it stands (machines/caseRules.ts canRepay: processing or suspended) and the
 * amount is at most what is outstanding. The one that pays the rest closes the case.
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
  await checkVoucher(app.db, caseId, body.voucherAttachmentId);
  const note = body.note || null;
  // transact: a repayment that closes the case tells the streams only once it has committed.
  const done = await transact(app.db, async (trx) => {
    const { current, outstandingFen } = await heldCase(trx, who, caseId);
    if (!canRepay(current)) {
      throw fail.conflict('case.repayment.notRepayable', {}, undefined, { outstandingFen });
    }
    const entry = await addLedgerEntry(trx, {
      caseId,
      kind: 'repayment',
      amountFen: body.amountFen,
      on: body.repaidOn,
      channel: body.channel ?? null,
      voucherAttachmentId: body.voucherAttachmentId ?? null,
      note,
      createdBy: who.caller.userId,
      at: now,
    });
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
    const closed = totalOf(entry.after) === 0 ? await closeWhenRepaid(trx, app, who, current) : false;
    await refillPlan(trx, app, { caseId, requestId: who.requestId });
    return { id: entry.id, closed, allocation: entry.allocation };
  });
  forgetCaseCounts(app.db, {
    columns: done.closed ? [...OUTSTANDING_COLUMNS, ...TRANSITION_COLUMNS] : OUTSTANDING_COLUMNS,
  });
  return {
    id: done.id,
    caseId,
    amountFen: body.amountFen,
    repaidOn: body.repaidOn,
    note,
    channel: body.channel ?? null,
    voucherAttachmentId: body.voucherAttachmentId ?? null,
    allocation: partsAnswer(done.allocation),
    createdAt: now.toISOString(),
    closedCase: done.closed,
  };
}

/**
 * Reverses a repayment (冲正, `repayments.reverse`): a reversal entry puts its allocation back
 * on the parts, audited on the case; a case it had closed as repaid is reopened by the system
 * through the case machine (REOPEN, only for a case closed as repaid). The repayment must be of
 * a case the caller sees (404 otherwise).
 */
export async function reverseRepayment(
  app: AppContext,
  who: Who,
  repaymentId: number,
  body: z.infer<typeof reverseRequestSchema>,
) {
  const target = await app.db
    .selectFrom('ledger_entries')
    .select(['case_id', 'kind'])
    .where('id', '=', repaymentId)
    .executeTakeFirst();
  if (target?.kind !== 'repayment') throw fail.notFound('ledger.repaymentNotFound');
  const seen = await visibleCase(app.db, who.viewer, target.case_id);
  const now = app.clock.now();
  const done = await transact(app.db, async (trx) => {
    const reversal = await reverseLedgerEntry(trx, {
      repaymentId,
      reason: body.reason,
      on: formatDate(now),
      createdBy: who.caller.userId,
      at: now,
    });
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.repaymentReversed',
        entity: 'case',
        entityId: seen.id,
        summary: `reversed repayment #${repaymentId} of ${reversal.amountFen} fen: ${body.reason}`,
        params: { caseNo: seen.caseNo, amountFen: reversal.amountFen, reason: body.reason },
      },
    );
    const [current] = await caseRowsByIds(trx, [seen.id], null);
    const reopen = current.closeResult === 'repaid' && totalOf(reversal.after) > 0;
    if (reopen)
      await applySystemTransition(trx, app, { caseId: seen.id, event: 'REOPEN', requestId: who.requestId });
    await refillPlan(trx, app, { caseId: seen.id, requestId: who.requestId });
    return { id: reversal.id, reopened: reopen };
  });
  forgetCaseCounts(app.db, { columns: OUTSTANDING_COLUMNS });
  return { id: done.id, repaymentId, caseId: seen.id, reopenedCase: done.reopened };
}

/**
 * A cost arising later (诉讼费, 保全费): a charge entry on the fees part, recorded by whoever may
 * repay the case, while it may take repayments (409 `ledger.notChargeable` otherwise).
 */
export async function addCharge(
  app: AppContext,
  who: Who,
  caseId: number,
  body: z.infer<typeof chargeRequestSchema>,
) {
  const seen = await handledCase(app, who.viewer, caseId);
  const now = app.clock.now();
  const done = await app.db.transaction().execute(async (trx) => {
    const { current } = await heldCase(trx, who, caseId);
    if (!canRepay(current)) throw fail.conflict('ledger.notChargeable');
    const entry = await addLedgerEntry(trx, {
      caseId,
      kind: 'charge',
      part: body.part,
      amountFen: body.amountFen,
      on: formatDate(now),
      reason: body.reason,
      createdBy: who.caller.userId,
      at: now,
    });
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'case.charge',
        entity: 'case',
        entityId: caseId,
        summary: `charge of ${body.amountFen} fen to ${body.part}: ${body.reason}`,
        params: { caseNo: seen.caseNo, amountFen: body.amountFen, reason: body.reason },
      },
    );
    return entry;
  });
  forgetCaseCounts(app.db, { columns: OUTSTANDING_COLUMNS });
  return { id: done.id, caseId, outstanding: partsAnswer(done.after) };
}
