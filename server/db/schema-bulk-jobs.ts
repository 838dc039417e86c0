import type { Generated } from 'kysely';

/** A job of many cases (migration 0033; server/cases/bulk-jobs/). */
export interface BulkJobsTable {
  id: Generated<number>;
  action: string;
  started_by: number;
  /** The role the starter acted in: every case is judged as them in it. */
  role: string;
  /** JSON: `{filter}` (the case list's query parameters) or `{caseIds}`. */
  selection: string;
  /** JSON: the action's details (`lawFirmId`, `lawyerId`, `result`). */
  parameters: Generated<string>;
  status: string;
  total: number;
  done: Generated<number>;
  succeeded: Generated<number>;
  refused: Generated<number>;
  /** Message key of why it failed (`bulk.interrupted`). */
  failure: string | null;
  /** `host pid boot` of the process that claimed it. */
  owner: string | null;
  heartbeat_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One selected case of a job; `ok` null until the job has done it. */
export interface BulkJobResultsTable {
  id: Generated<number>;
  job_id: number;
  case_id: number;
  ok: number | null;
  /** The refusal's message key. */
  code: string | null;
  /** JSON of the refusal's parameters. */
  params: string | null;
}

export interface BulkJobTables {
  bulk_jobs: BulkJobsTable;
  bulk_job_results: BulkJobResultsTable;
}
