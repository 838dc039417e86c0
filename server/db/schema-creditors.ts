import type { Generated } from 'kysely';

/**
 * The creditor's side (migration 0031; server/creditors/): creditors (委托方), their fee rates per
 * firm, batches (委托批次), and each batch's summary rows. The summary rows are kept by database
 * triggers in the transaction of every write to a case or its ledger; code reads them, never
 * writes them (server/db/migrations/0031_batch_figure_triggers.ts).
 */

export interface CreditorsTable {
  id: Generated<number>;
  name: string;
  /** 统一社会信用代码, checked by contract/credit-code.ts; null for a creditor made from a bare name. */
  credit_code: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  /** The largest reduction a plan may take, in percent; null: REDUCTION_MAX_PERCENT. */
  reduction_max_percent: number | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CreditorFeeRatesTable {
  creditor_id: number;
  law_firm_id: number;
  /** Hundredths of a percent: 1250 is 12.5 %. */
  rate_bp: number;
}

export interface CaseBatchesTable {
  id: Generated<number>;
  batch_no: string;
  creditor_id: number;
  /** The day of entrustment (YYYY-MM-DD). */
  entrusted_on: string;
  /** The import that made it; null for the form's batch of the day and migrated batches. */
  import_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface BatchFiguresTable {
  batch_id: number;
  cases: number;
  claimed_fen: number;
  repaid_fen: number;
  outstanding_fen: number;
}

export interface BatchFigureCountsTable {
  batch_id: number;
  /** status, position or firm. */
  dimension: string;
  /** The status, the position ('' for none) or the firm's id as text ('' for none). */
  key: string;
  cases: number;
}

export interface BatchRepaidDaysTable {
  batch_id: number;
  /** The booked day (YYYY-MM-DD). */
  day: string;
  /** Repayments less reversals booked that day. */
  repaid_fen: number;
}

/** The firm that held the case (and its creditor) when a repayment or reversal was recorded. */
export interface LedgerEntryHoldersTable {
  entry_id: number;
  law_firm_id: number | null;
  creditor_id: number | null;
}

export interface CreditorTables {
  ledger_entry_holders: LedgerEntryHoldersTable;
  creditors: CreditorsTable;
  creditor_fee_rates: CreditorFeeRatesTable;
  case_batches: CaseBatchesTable;
  batch_figures: BatchFiguresTable;
  batch_figure_counts: BatchFigureCountsTable;
  batch_repaid_days: BatchRepaidDaysTable;
}
