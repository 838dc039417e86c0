import type { Kysely } from 'kysely';
import { can } from '../../../contract/access';
import {
  allocationOrderOf,
  type Ledger,
  type LedgerEntryKind,
  ledgerTotals,
  type Parts,
  partsAnswer,
  type RepaymentChannel,
} from '../../../contract/ledger';
import type { Role } from '../../../contract/roles';
import type { Database } from '../../db/schema';
import { attachmentUrl } from '../attachments';
import type { CaseViewer } from '../scope';
import { visibleCase } from '../visible-case';

const partsOf = (r: { principal: unknown; interest: unknown; penalty: unknown; fees: unknown }): Parts => ({
  principal: Number(r.principal),
  interest: Number(r.interest),
  penalty: Number(r.penalty),
  fees: Number(r.fees),
});

/**
 * GET /api/cases/:id/ledger: the claim, the charges, what was repaid (less reversals) and waived,
 * and what is outstanding, part by part, summed from the entries (contract/ledger.ts
 * ledgerTotals; the case's stored outstanding columns are the same sums, kept for the lists),
 * with every entry and its allocation, oldest first.
 */
export async function readLedger(db: Kysely<Database>, viewer: CaseViewer, caseId: number): Promise<Ledger> {
  await visibleCase(db, viewer, caseId);
  return ledgerOfCase(db, caseId, viewer.role);
}

/** The ledger of a case the caller was found to see (the case detail reads it too). */
export async function ledgerOfCase(db: Kysely<Database>, caseId: number, role: Role): Promise<Ledger> {
  const [stored, rows] = await Promise.all([
    db
      .selectFrom('cases')
      .select([
        'claim_principal_fen as principal',
        'claim_interest_fen as interest',
        'claim_penalty_fen as penalty',
        'claim_fees_fen as fees',
        'allocation_order',
        'allocation_order_reason',
      ])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries as e')
      .leftJoin('ledger_entries as r', 'r.reverses_id', 'e.id')
      .leftJoin('case_attachments as v', 'v.id', 'e.voucher_attachment_id')
      .leftJoin('users as u', 'u.id', 'e.created_by')
      .select([
        'e.id',
        'e.kind',
        'e.amount_fen',
        'e.booked_on',
        'e.principal_fen as principal',
        'e.interest_fen as interest',
        'e.penalty_fen as penalty',
        'e.fees_fen as fees',
        'e.reverses_id',
        'r.id as reversed_by_id',
        'e.channel',
        'e.reason',
        'e.note',
        'v.id as voucher_id',
        'v.name as voucher_name',
        'u.name as created_by',
        'e.created_at',
      ])
      .where('e.case_id', '=', caseId)
      .orderBy('e.id')
      .execute(),
  ]);
  const entries = rows.map((r) => ({ kind: r.kind as LedgerEntryKind, allocation: partsOf(r) }));
  const totals = ledgerTotals(partsOf(stored), entries);
  return {
    claim: partsAnswer(totals.claim),
    charged: partsAnswer(totals.charged),
    repaid: partsAnswer(totals.repaid),
    waived: partsAnswer(totals.waived),
    outstanding: partsAnswer(totals.outstanding),
    allocationOrder: [...allocationOrderOf(stored.allocation_order)],
    allocationOrderReason: stored.allocation_order_reason,
    entries: rows.map((r, i) => ({
      id: r.id,
      kind: entries[i].kind,
      amountFen: Number(r.amount_fen),
      on: r.booked_on,
      allocation: partsAnswer(entries[i].allocation),
      reversesId: r.reverses_id,
      reversedById: r.reversed_by_id ?? null,
      channel: r.channel as RepaymentChannel | null,
      reason: r.reason,
      note: r.note,
      voucher:
        r.voucher_id === null || r.voucher_id === undefined
          ? null
          : { id: r.voucher_id, name: r.voucher_name ?? '', url: attachmentUrl(caseId, r.voucher_id) },
      createdBy: r.created_by ?? null,
      createdAt: r.created_at,
    })),
    canReverse: can('repayments.reverse', role),
  };
}
