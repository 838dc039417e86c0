import type { Kysely } from 'kysely';
import {
  allocate,
  allocationOrderOf,
  applyEntry,
  type LedgerPart,
  type Parts,
  type RepaymentChannel,
  totalOf,
  zeroParts,
} from '../../../contract/ledger';
import { dialectOf } from '../../db/dialect-of';
import type { Database } from '../../db/schema';
import { serializeOn } from '../../db/serialize';
import { fail } from '../../http/errors';
import { yuanText } from './money-text';

/**
 * The one door into a case's ledger: every entry is allocated, stored and reflected in the
 * case's outstanding columns here, inside the caller's transaction (which also records the
 * audit entry). The case's row is held first (`FOR UPDATE` on PostgreSQL and an advisory lock on
 * `case:<id>`; SQLite's write transaction holds the database), so entries of one case never
 * interleave, whichever process writes them.
 */

type Trx = Kysely<Database>;

export interface NewLedgerEntry {
  caseId: number;
  kind: 'repayment' | 'charge' | 'waiver';
  amountFen: number;
  /** The business day it happened (YYYY-MM-DD). */
  on: string;
  /** A charge's part (fees). */
  part?: LedgerPart;
  channel?: RepaymentChannel | null;
  voucherAttachmentId?: number | null;
  reason?: string | null;
  note?: string | null;
  createdBy: number | null;
  at: Date;
}

export interface StoredLedgerEntry {
  id: number;
  allocation: Parts;
  /** Outstanding before and after the entry, per part. */
  before: Parts;
  after: Parts;
}

const OUTSTANDING = [
  'outstanding_principal_fen',
  'outstanding_interest_fen',
  'outstanding_penalty_fen',
  'outstanding_fees_fen',
] as const;

/**
 * The case columns every entry changes. The lists filter by what is outstanding, so the caller
 * forgets the list totals that read them (count-cache.ts `forgetCaseCounts`) once its
 * transaction has committed.
 */
export const OUTSTANDING_COLUMNS = [...OUTSTANDING, 'outstanding_fen'] as const;

/** The case's outstanding amount per part and its allocation order, with its row held until the transaction ends. */
export async function heldLedger(trx: Trx, caseId: number) {
  await serializeOn(trx, `case:${caseId}`);
  let query = trx
    .selectFrom('cases')
    .select([...OUTSTANDING, 'allocation_order'])
    .where('id', '=', caseId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw fail.notFound('case.notFound');
  const outstanding: Parts = {
    principal: Number(row.outstanding_principal_fen),
    interest: Number(row.outstanding_interest_fen),
    penalty: Number(row.outstanding_penalty_fen),
    fees: Number(row.outstanding_fees_fen),
  };
  return { outstanding, order: allocationOrderOf(row.allocation_order) };
}

/** Refused 409 with what is outstanding: more than the case still owes. */
export function overOutstanding(outstandingFen: number) {
  return fail.conflict(
    'case.repayment.overOutstanding',
    { outstanding: yuanText(outstandingFen) },
    [{ path: 'amountFen', message: 'case.repayment.overOutstanding' }],
    { outstandingFen },
  );
}

async function storeOutstanding(trx: Trx, caseId: number, after: Parts): Promise<void> {
  await trx
    .updateTable('cases')
    .set({
      outstanding_principal_fen: after.principal,
      outstanding_interest_fen: after.interest,
      outstanding_penalty_fen: after.penalty,
      outstanding_fees_fen: after.fees,
      outstanding_fen: totalOf(after),
    })
    .where('id', '=', caseId)
    .execute();
}

const allocationColumns = (a: Parts) => ({
  principal_fen: a.principal,
  interest_fen: a.interest,
  penalty_fen: a.penalty,
  fees_fen: a.fees,
});

/**
 * Adds a repayment, a charge or a waiver: a repayment or a waiver is allocated over what is
 * outstanding in the case's order (refused 409 `{outstandingFen}` when it is more than that), a
 * charge goes to its part. Call it inside the transaction that audits the write.
 */
export async function addLedgerEntry(trx: Trx, entry: NewLedgerEntry): Promise<StoredLedgerEntry> {
  const { outstanding: before, order } = await heldLedger(trx, entry.caseId);
  let allocation: Parts;
  if (entry.kind === 'charge') {
    allocation = { ...zeroParts(), [entry.part ?? 'fees']: entry.amountFen };
  } else {
    const result = allocate(before, entry.amountFen, order);
    if (result.unallocated > 0) throw overOutstanding(totalOf(before));
    allocation = result.allocation;
  }
  const row = await trx
    .insertInto('ledger_entries')
    .values({
      case_id: entry.caseId,
      kind: entry.kind,
      amount_fen: entry.amountFen,
      booked_on: entry.on,
      ...allocationColumns(allocation),
      reason: entry.reason ?? null,
      channel: entry.channel ?? null,
      voucher_attachment_id: entry.voucherAttachmentId ?? null,
      note: entry.note ?? null,
      created_by: entry.createdBy,
      created_at: entry.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = applyEntry(before, { kind: entry.kind, allocation });
  await storeOutstanding(trx, entry.caseId, after);
  return { id: row.id, allocation, before, after };
}

export interface NewReversal {
  /** The repayment entry to undo. */
  repaymentId: number;
  reason: string;
  on: string;
  createdBy: number | null;
  at: Date;
}

/**
 * Reverses a repayment: a reversal entry with the repayment's allocation, which goes back to
 * the parts it had settled. A repayment is reversed once (409 `ledger.alreadyReversed`; the
 * unique index on `reverses_id` settles a race). Answers the reversal and its case.
 */
export async function reverseLedgerEntry(
  trx: Trx,
  reversal: NewReversal,
): Promise<StoredLedgerEntry & { caseId: number; amountFen: number }> {
  const target = await trx
    .selectFrom('ledger_entries')
    .selectAll()
    .where('id', '=', reversal.repaymentId)
    .executeTakeFirst();
  if (target?.kind !== 'repayment') throw fail.notFound('ledger.repaymentNotFound');
  const { outstanding: before } = await heldLedger(trx, target.case_id);
  const reversed = await trx
    .selectFrom('ledger_entries')
    .select('id')
    .where('reverses_id', '=', target.id)
    .executeTakeFirst();
  if (reversed) throw fail.conflict('ledger.alreadyReversed');
  const allocation: Parts = {
    principal: Number(target.principal_fen),
    interest: Number(target.interest_fen),
    penalty: Number(target.penalty_fen),
    fees: Number(target.fees_fen),
  };
  const row = await trx
    .insertInto('ledger_entries')
    .values({
      case_id: target.case_id,
      kind: 'reversal',
      amount_fen: Number(target.amount_fen),
      booked_on: reversal.on,
      ...allocationColumns(allocation),
      reverses_id: target.id,
      reason: reversal.reason,
      created_by: reversal.createdBy,
      created_at: reversal.at.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = applyEntry(before, { kind: 'reversal', allocation });
  await storeOutstanding(trx, target.case_id, after);
  return {
    id: row.id,
    allocation,
    before,
    after,
    caseId: target.case_id,
    amountFen: Number(target.amount_fen),
  };
}
