/** The daily sweeps' claims (migration 0029; server/sweeps/). */
export interface SweepRunsTable {
  /** The sweep's name in server/sweeps/list.ts. */
  name: string;
  /** The business day (`YYYY-MM-DD`, BUSINESS_TZ) it ran for. */
  day: string;
  started_at: string;
  /** Null while it runs (or when its process died running it). */
  finished_at: string | null;
  /** `host pid` of the process that claimed it. */
  owner: string | null;
  /** What it did, in a line for operators (`3 parties erased`). */
  outcome: string | null;
}

export interface SweepTables {
  sweep_runs: SweepRunsTable;
}
