import { z } from './zod-mini';

/** Case number: two capital letters and eight digits (MS00012345). */
export const CASE_NO_PATTERN = /^[A-Z]{2}\d{8}$/;

export const CASE_TYPES = [
  'civil',
  'criminal',
  'administrative',
  'commercial',
  'litigation',
  'arbitration',
] as const;
export const caseTypeSchema = z.enum(CASE_TYPES);
export type CaseType = z.infer<typeof caseTypeSchema>;

/** Case-number prefix per type (民事 MS, 刑事 XS, 行政 XZ, 商事 SS, 诉讼 SU, 仲裁 ZC). */
export const CASE_NO_PREFIX: Record<CaseType, string> = {
  civil: 'MS',
  criminal: 'XS',
  administrative: 'XZ',
  commercial: 'SS',
  litigation: 'SU',
  arbitration: 'ZC',
};

export const CASE_STATUSES = ['pending', 'processing', 'suspended', 'closed'] as const;
export const caseStatusSchema = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof caseStatusSchema>;

export const CLOSE_RESULTS = ['mediated', 'repaid', 'failed', 'withdrawn'] as const;
export const closeResultSchema = z.enum(CLOSE_RESULTS);
export type CloseResult = z.infer<typeof closeResultSchema>;

/** Where a case stands in its handling (the node statistics count these). */
export const CASE_STAGES = [
  'intake',
  'mediation',
  'litigation',
  'hearing',
  'judgment',
  'execution',
  'archived',
] as const;
export const caseStageSchema = z.enum(CASE_STAGES);
export type CaseStage = z.infer<typeof caseStageSchema>;

export const PAYMENT_STATUSES = ['unpaid', 'promised', 'partial', 'paid'] as const;
export const PUSH_STATUSES = ['pushed', 'accepted', 'declined', 'withdrawn'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/**
 * The events of a case's journey (ARCHITECTURE §8, fixed names), sent to
 * POST /api/cases/:id/transitions; machines/caseStatusMachine.ts decides each.
 */
export const CASE_EVENTS = [
  'APPROVE',
  'RETURN',
  'RESUBMIT',
  'PUSH',
  'ACCEPT',
  'DECLINE',
  'TAKE',
  'ASSIGN',
  'RELEASE',
  'SUSPEND',
  'RESUME',
  'CLOSE',
  'REOPEN',
] as const;
export type CaseEventName = (typeof CASE_EVENTS)[number];

/** Events the case list sends to many cases at once (row selection, POST /api/cases/bulk-transitions). */
export const BULK_CASE_EVENTS = ['ASSIGN', 'PUSH', 'CLOSE'] as const satisfies readonly CaseEventName[];

/**
 * Where a pending case stands: the case status machine's nested states of `pending`
 * (`returned`: sent back by review with a reason, until it is corrected and resubmitted).
 */
export const CASE_POSITIONS = ['awaitingReview', 'returned', 'pool', 'pushed', 'accepted'] as const;
export const casePositionSchema = z.enum(CASE_POSITIONS);
export type CasePosition = z.infer<typeof casePositionSchema>;

/**
 * What a person may do to a case besides its events, as each case row's `can` (computed on
 * the server by machines/caseRules.ts): review it, record a repayment, add a follow-up, write
 * a lawyer's letter, propose a repayment plan, change the claim's parts (the edit form), record
 * another agreed allocation order. Descriptors show an action with
 * `when: {field: 'can.repay', in: [true]}`.
 */
export const CASE_ABILITY_NAMES = [
  'review',
  'repay',
  'followUp',
  'writeLetter',
  'proposePlan',
  'editClaim',
  'allocationOrder',
  'extendEntrustment',
] as const;
export type CaseAbility = (typeof CASE_ABILITY_NAMES)[number];

export const LETTER_STATUSES = ['auditing', 'passed', 'rejected'] as const;
