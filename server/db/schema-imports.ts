import type { Generated } from 'kysely';

/** One spreadsheet import of cases (server/cases/imports/). */
export interface CaseImportsTable {
  id: Generated<number>;
  user_id: number;
  file_name: string;
  mode: string;
  status: string;
  total: number;
  processed: Generated<number>;
  imported: Generated<number>;
  invalid: Generated<number>;
  /** The first 100 refused rows: JSON [{row, field, key, params}]. */
  errors: Generated<string>;
  /** Message key of why the whole import failed. */
  failure: string | null;
  created_at: string;
  finished_at: string | null;
  /** The process running it: `host pid boot-id` (importOwner()); null before migration 0018. */
  owner: string | null;
  /** When its owner last said it still runs; refreshed while it runs. */
  heartbeat_at: string | null;
  /** Its uploaded file's name in the owner host's `import-tmp`, removed when it ends. */
  temp_file: string | null;
}

/** Every refused row of an import, with its cells, for the errors download. */
export interface CaseImportRowsTable {
  id: Generated<number>;
  import_id: number;
  row_no: number;
  /** JSON array of the row's cells as text, in the template's column order. */
  cells: string;
  /** JSON [{field, key, params}]. */
  reasons: string;
  /** The sheet the row is on: the main sheet's name in the file, or 当事人; null before migration 0028. */
  sheet: string | null;
}

export interface ImportTables {
  case_imports: CaseImportsTable;
  case_import_rows: CaseImportRowsTable;
}
