import { z } from 'zod';

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
export const PUSH_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export const LETTER_STATUSES = ['auditing', 'passed', 'rejected'] as const;
