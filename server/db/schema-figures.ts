/**
 * Summary rows of the platform's figures (migration 0037), kept by triggers on `cases` in the
 * same transaction as every case write; read by server/dashboards/figures.ts.
 */

/** Cases by status and close result ('' for none). */
export interface CaseStatusCountsTable {
  status: string;
  close_result: string;
  cases: number;
}

/** Cases created per month (YYYY-MM of `created_at`). */
export interface CaseMonthCountsTable {
  month: string;
  cases: number;
}

/** Each lawyer's cases closed mediated or repaid. */
export interface LawyerClosedCountsTable {
  lawyer_id: number;
  closed: number;
}

export interface FigureTables {
  case_status_counts: CaseStatusCountsTable;
  case_month_counts: CaseMonthCountsTable;
  lawyer_closed_counts: LawyerClosedCountsTable;
}
