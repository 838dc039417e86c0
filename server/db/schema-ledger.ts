import type { Generated } from 'kysely';

/**
 * A case's ledger (migration 0025; server/cases/ledger/). Every entry keeps its allocation over
 * the claim's parts; the case row keeps the claim and the outstanding amount per part
 * (`CaseLedgerColumns`, written in the same transaction as each entry). `repayments` is a view:
 * the repayment entries not reversed, as the older readers (statistics, dashboards) sum them.
 */

export interface LedgerEntriesTable {
  id: Generated<number>;
  case_id: number;
  /** repayment, reversal, charge, waiver. */
  kind: string;
  amount_fen: number;
  /** The business day it happened (YYYY-MM-DD). */
  booked_on: string;
  /** The allocation: what this entry settled (repayment, waiver), put back (reversal) or added (charge). */
  principal_fen: number;
  interest_fen: number;
  penalty_fen: number;
  fees_fen: number;
  /** The repayment a reversal undoes (unique: a repayment is reversed once). */
  reverses_id: number | null;
  reason: string | null;
  /** bankTransfer, corporateAccount, thirdParty, other; repayments only. */
  channel: string | null;
  voucher_attachment_id: number | null;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

/** The repayments in force (a view over ledger_entries); read only. */
export interface RepaymentsView {
  id: number;
  case_id: number;
  amount_fen: number;
  repaid_on: string;
  note: string | null;
  created_at: string;
  channel: string | null;
  voucher_attachment_id: number | null;
  created_by: number | null;
}

/** The ledger's columns on `cases`. */
export interface CaseLedgerColumns {
  claim_principal_fen: Generated<number>;
  claim_interest_fen: Generated<number>;
  claim_penalty_fen: Generated<number>;
  claim_fees_fen: Generated<number>;
  outstanding_principal_fen: Generated<number>;
  outstanding_interest_fen: Generated<number>;
  outstanding_penalty_fen: Generated<number>;
  outstanding_fees_fen: Generated<number>;
  /** The four above summed: what the lists sort and filter by. */
  outstanding_fen: Generated<number>;
  /** Another agreed allocation order (`principal,interest,penalty,fees`); null: the default. */
  allocation_order: string | null;
  allocation_order_reason: string | null;
}

export interface LedgerTables {
  ledger_entries: LedgerEntriesTable;
  repayments: RepaymentsView;
}
