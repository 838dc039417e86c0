import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountTables, UsersTable } from './schema-accounts';
import type { BulkJobTables } from './schema-bulk-jobs';
import type { ContactTables } from './schema-contacts';
import type { CreditorTables } from './schema-creditors';
import type { DeadlineTables } from './schema-deadlines';
import type { FigureTables } from './schema-figures';
import type { ImportTables } from './schema-imports';
import type { CaseLedgerColumns, LedgerTables } from './schema-ledger';
import type { PartyTables } from './schema-parties';
import type { PlanTables } from './schema-plans';
import type { PresenceTables } from './schema-presence';
import type { StorageTables } from './schema-storage';
import type { SweepTables } from './schema-sweeps';
import type { VersionTables } from './schema-versions';

/**
 * The database as Kysely sees it. Portable types only: timestamps are ISO-8601 UTC strings,
 * dates are YYYY-MM-DD strings, booleans are 0/1 integers and money is integer fen, so the
 * same services run on SQLite today and PostgreSQL later.
 */

export interface LawFirmsTable {
  id: Generated<number>;
  name: string;
  region_code: string;
  credit_code: string;
  contact_name: string;
  contact_phone: string;
  address: string | null;
  review_status: string;
  review_reason: string | null;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** 1 when created, +1 on every change (a review decision names the one it read). */
  version: Generated<number>;
  /** When a firm that passed review was suspended (no more pushes, its contact signed out); null when not. */
  suspended_at: string | null;
  suspend_reason: string | null;
}

export interface LawyersTable {
  id: Generated<number>;
  user_id: number;
  licence_no: string;
  law_firm_id: number;
  review_status: string;
  review_reason: string | null;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  /** 1 when created, +1 on every change (a review decision names the one it read). */
  version: Generated<number>;
  /** When a lawyer who passed review was suspended (signed out, no new cases); null when not. */
  suspended_at: string | null;
  suspend_reason: string | null;
}

export interface CasesTable extends CaseLedgerColumns {
  id: Generated<number>;
  case_no: string;
  title: string;
  type: string;
  debtor_name: string;
  client_name: string;
  region_code: string;
  amount_fen: number;
  entrust_expires_on: string;
  status: string;
  close_result: string | null;
  suspend_reason: string | null;
  stage: string;
  lawyer_id: number | null;
  law_firm_id: number | null;
  court: string | null;
  court_session_at: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** Where a pending case stands (awaitingReview, pool, pushed, accepted); null otherwise. */
  position: string | null;
  /** Why review sent it back to intake, while it awaits review again. */
  return_reason: string | null;
  /** Who entered it (form or import); null for the demo data. */
  created_by: number | null;
  /** The creditor's loan number (借据号), from the import or the form (migration 0028). */
  loan_no: Generated<string | null>;
  /** The status of its latest repayment plan (server/cases/plans/), null without one. */
  plan_status: string | null;
  /** The entrustment expiry day the deadline sweep flagged (委托已到期, migration 0034); null when not. */
  entrust_expired_on: Generated<string | null>;
  /** Its creditor (委托方; migration 0031); `client_name` is that creditor's name, kept with it. */
  creditor_id: Generated<number | null>;
  /** Its batch (委托批次; migration 0031). */
  batch_id: Generated<number | null>;
}

export interface CaseAttachmentsTable {
  id: Generated<number>;
  case_id: number;
  name: string;
  url: string;
  size: number;
  uploaded_by: number | null;
  created_at: string;
  /** The file's name under uploads/<case id>/; null for a row without a stored file. */
  stored_key: string | null;
}

export interface CasePushesTable {
  id: Generated<number>;
  case_id: number;
  law_firm_id: number;
  pushed_at: string;
  /** pushed, accepted, declined, withdrawn. */
  push_status: string;
  operator_id: number | null;
  /** The firm's reason for declining. */
  reason: string | null;
  answered_at: string | null;
}

export interface LawFirmLettersTable {
  id: Generated<number>;
  law_firm_id: number;
  case_id: number | null;
  letter_no: string;
  title: string;
  file_url: string | null;
  status: string;
  submitted_at: string;
  reviewer_id: number | null;
  reviewed_at: string | null;
  reason: string | null;
  /** The template of a letter written in the product (contract/letters.ts); null for older rows. */
  template: string | null;
  /** JSON of contract/letters.ts LetterFields: what the letter says; its PDF is rendered from it. */
  fields: string | null;
  /** The lawyer who wrote it; null for older rows. */
  lawyer_id: number | null;
  /** The storage key of its generated PDF (server/storage); null: rendered on demand (older rows). */
  pdf_key: string | null;
  /** 1 when written, +1 on every change (review, resubmission); decisions name it (migration 0021). */
  version: Generated<number>;
  /** Who made the latest change, and when (null: not recorded, older rows). */
  changed_by: number | null;
  changed_at: string | null;
}

export interface CertificationsTable {
  id: Generated<number>;
  user_id: number;
  cert_type: string;
  enterprise_name: string;
  enterprise_cert_type: string;
  credit_code: string;
  legal_person_name: string;
  legal_person_id_type: string;
  legal_person_id_number: string;
  contact_phone: string;
  status: string;
  submitted_at: string;
  reviewed_at: string | null;
  reviewer_id: number | null;
  /** Why a reviewer rejected it. */
  reason: string | null;
  /** 1 when submitted, +1 on every change (a review decision names the one it read). */
  version: Generated<number>;
  /** A personal (lawyer's) certification: the practising licence number. */
  licence_no: string | null;
  /** The licence image the applicant uploaded: its key in the file storage, and its name. */
  licence_file_key: string | null;
  licence_file_name: string | null;
}

/** A licence image uploaded for a certification application, until the application takes it. */
export interface CertificationFilesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  size: number;
  stored_key: string;
  created_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  content: string;
  status: Generated<number>;
  created_at: string;
  /** A message key of contract/messages (`notice.case.pushed`); title and content are then rendered from it. */
  kind: string | null;
  /** JSON of the key's parameters. */
  params: string | null;
  /** The app route where the reader acts. */
  link: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  device_uid: string;
  device_name: string;
  device_type: string;
  bound_at: string;
  last_active_at: string | null;
  unbound_at: string | null;
}

export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  balance_fen: number;
  currency: string;
  updated_at: string;
}

export interface WalletTransactionsTable {
  id: Generated<number>;
  wallet_id: number;
  amount_fen: number;
  balance_after_fen: number;
  kind: string;
  note: string | null;
  created_at: string;
}

export interface MenusTable {
  role: string;
  tree: string;
  updated_at: string;
  updated_by: number | null;
  /**
   * The product's route keys the tree knew when it was saved (JSON array, migration 0032): a
   * route of the product not among them is served to the role at its default place; null (a row
   * written behind the store) serves the tree as it is.
   */
  known_routes: string | null;
}

export interface PageDescriptorsTable {
  page_id: string;
  version: number;
  /** JSON of a descriptor that passed pageDescriptorSchema and the API/route checks when saved. */
  descriptor: string;
  saved_by: number | null;
  saved_at: string;
}

/** A one-time ticket for the live message stream (hashes only; server/notifications/tickets.ts). */
export interface StreamTicketsTable {
  ticket_hash: string;
  token_hash: string;
  expires_at: string;
}

/** Shared throttle counters (server/http/throttle-store.ts): one window per throttle key. */
export interface ThrottleWindowsTable {
  key: string;
  count: number;
  /** When the window closes, epoch milliseconds. */
  reset_at_ms: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  request_id: string | null;
  at: string;
  /** JSON of the parameters the action's message (`audit.<action>`) is rendered with. */
  params: string | null;
}

/** The keyword search's index: a bigram of a case's title, debtor or client (server/cases/search-terms.ts). */
export interface CaseTermsTable {
  term: string;
  case_id: number;
}

/** Postings each bigram of the keyword index has had (migration 0030; server/cases/search-terms.ts). */
export interface CaseTermCountsTable {
  term: string;
  postings: number;
}

export interface Database
  extends AccountTables,
    PartyTables,
    PlanTables,
    ImportTables,
    StorageTables,
    LedgerTables,
    SweepTables,
    DeadlineTables,
    ContactTables,
    FigureTables,
    CreditorTables,
    BulkJobTables,
    VersionTables,
    PresenceTables {
  law_firms: LawFirmsTable;
  lawyers: LawyersTable;
  cases: CasesTable;
  case_terms: CaseTermsTable;
  case_term_counts: CaseTermCountsTable;
  case_attachments: CaseAttachmentsTable;
  case_pushes: CasePushesTable;
  law_firm_letters: LawFirmLettersTable;
  certifications: CertificationsTable;
  certification_files: CertificationFilesTable;
  messages: MessagesTable;
  devices: DevicesTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  menus: MenusTable;
  page_descriptors: PageDescriptorsTable;
  audit_log: AuditLogTable;
  stream_tickets: StreamTicketsTable;
  throttle_windows: ThrottleWindowsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CaseRow = Selectable<CasesTable>;
export type LawFirmRow = Selectable<LawFirmsTable>;
export type LawyerRow = Selectable<LawyersTable>;
