import { z } from 'zod';
import { regionCodeSchema } from './account-rules';
import { attachmentSchema } from './attachments';
import { caseOutcomeListSchema } from './case-outcomes';
import {
  BULK_CASE_EVENTS,
  CASE_ABILITY_NAMES,
  CASE_EVENTS,
  type CaseAbility,
  casePositionSchema,
  caseStageSchema,
  caseStatusSchema,
  caseTypeSchema,
  closeResultSchema,
  PUSH_STATUSES,
} from './cases';
import { caseContactWindowSchema, contactSchema, followUpSchema } from './contact-row';
import { PLAN_STATUSES } from './enum-values';
import { caseLedgerViewSchema, claimPartsShape, repaymentSchema } from './ledger';
import { bodyId, daySchema, idValue, pageQuerySchema, wholeNumber } from './paging';
import { textField } from './text';

/**
 * Requests and answers of the case endpoints (server/cases/). Query names follow the page
 * descriptors' conventions: a `dateRange` filter named `created` arrives as `createdFrom` and
 * `createdTo`, a `moneyRange` named `amount` as `amountMin` and `amountMax` (fen), and the
 * table's sorter as `sortField` (a column field) and `sortOrder` (ascend | descend).
 */

export const caseEventSchema = z.enum(CASE_EVENTS);

const booleanQuery = z
  .enum(['true', 'false', '1', '0'], 'rule.boolean')
  .transform((v) => v === 'true' || v === '1');

const idSchema = idValue;
const fenQuery = wholeNumber();
const text = (max: number) => textField({ min: 1, max }).optional();

/** `status=pending&status=closed` or `status=pending,closed`. */
const statusList = z.preprocess(
  (v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : v),
  z
    .array(z.string())
    .transform((items) => items.flatMap((s) => s.split(',')).filter(Boolean))
    .pipe(z.array(caseStatusSchema).max(4)),
);

export const CASE_SORT_FIELDS = ['createdAt', 'amountFen', 'outstandingFen', 'courtSessionAt'] as const;

/** The case list's filters, shared by the list and the CSV export. */
export const caseFilterSchema = z.object({
  caseNo: text(20),
  title: text(100),
  type: z.optional(caseTypeSchema),
  status: statusList.optional(),
  /** Where a pending case stands: awaiting review, in the pool, pushed to or accepted by a firm. */
  position: z.optional(casePositionSchema),
  debtor: text(60),
  /** A province (440000) matches its cities and counties, a city (440300) its counties. */
  region: regionCodeSchema.optional(),
  amountMin: fenQuery.optional(),
  amountMax: fenQuery.optional(),
  /** What is still owed (待还金额, the `moneyRange` named `outstanding`), in fen. */
  outstandingMin: fenQuery.optional(),
  outstandingMax: fenQuery.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  /** Entrustment expiry (inclusive days). */
  entrustFrom: daySchema.optional(),
  entrustTo: daySchema.optional(),
  lawyerId: idSchema.optional(),
  lawFirmId: idSchema.optional(),
  /** Entrustment deadline (server/deadlines/): `expiring` within 30 days (即将到期), `expired` (已到期); cases not closed. */
  deadline: z.enum(['expiring', 'expired']).optional(),
  /** Where its latest repayment plan stands (`broken`: 违约). */
  planStatus: z.enum(PLAN_STATUSES).optional(),
  /** Case number, title, debtor or client contains it. */
  keyword: text(60),
  /** Pending cases without a lawyer (for a lawyer: not pushed to another firm). */
  pool: booleanQuery.optional(),
  /** The calling lawyer's own cases. */
  mine: booleanQuery.optional(),
  sortField: z.enum(CASE_SORT_FIELDS).default('createdAt'),
  sortOrder: z
    .enum(['ascend', 'descend', 'asc', 'desc'])
    .default('descend')
    .transform((o) => (o.startsWith('asc') ? ('asc' as const) : ('desc' as const))),
});
export type CaseFilter = z.infer<typeof caseFilterSchema>;

export const caseListQuerySchema = caseFilterSchema.extend(pageQuerySchema.shape);
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

/** The export takes the list's filters, or the ids of selected rows (a bulk export), as `ids=1,2,3`. */
export const caseExportQuerySchema = caseFilterSchema.extend({
  ids: z
    .string()
    .max(12_000)
    .regex(/^\d+(,\d+)*$/, 'rule.id')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive('rule.id')).max(1000))
    .optional(),
});
export type CaseExportQuery = z.infer<typeof caseExportQuerySchema>;

/** What the caller may do to a case besides its events, each true or false. */
export const caseCanSchema = z.object(
  Object.fromEntries(CASE_ABILITY_NAMES.map((name) => [name, z.boolean()])) as Record<
    CaseAbility,
    z.ZodBoolean
  >,
);

/** One case as the list shows it, with the events the caller may send to it now. */
export const caseRowSchema = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  title: z.string(),
  type: caseTypeSchema,
  status: caseStatusSchema,
  stage: caseStageSchema,
  /** Where a pending case stands (the machine's nested state); null for the other statuses. */
  position: z.nullable(casePositionSchema),
  closeResult: z.nullable(closeResultSchema),
  suspendReason: z.string().nullable(),
  /** Why review sent it back, while it is returned (position `returned`). */
  returnReason: z.string().nullable(),
  debtorName: z.string(),
  clientName: z.string(),
  regionCode: z.string(),
  amountFen: z.number().int(),
  /** The claim's parts (contract/ledger.ts), adding up to amountFen. */
  principalFen: z.number().int(),
  interestFen: z.number().int(),
  penaltyFen: z.number().int(),
  feesFen: z.number().int(),
  /** What is still owed (claim and charges less repayments and waivers), kept with every ledger entry. */
  outstandingFen: z.number().int(),
  entrustExpiresOn: z.string(),
  /** The creditor's loan number (借据号), when intake gave one. */
  loanNo: z.string().nullable(),
  lawyerId: z.number().int().nullable(),
  lawyerName: z.string().nullable(),
  lawFirmId: z.number().int().nullable(),
  lawFirmName: z.string().nullable(),
  court: z.string().nullable(),
  courtSessionAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  allowedEvents: z.array(caseEventSchema),
  /**
   * The caller's ASSIGN may withdraw a push the firm (`lawFirmName`) has not answered yet: the
   * case waits for that firm's answer and the caller may assign any firm's lawyer. The
   * assignment dialog says so and asks to confirm.
   */
  assignWithdrawsPush: z.boolean(),
  /** What the caller may do to it besides its events (contract/cases.ts CASE_ABILITY_NAMES). */
  can: caseCanSchema,
  /** Where its latest repayment plan stands; null without one. */
  planStatus: z.enum(PLAN_STATUSES).nullable(),
});
export type CaseRow = z.infer<typeof caseRowSchema>;

export const pushSchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  lawFirmId: z.number().int(),
  lawFirmName: z.string(),
  pushedAt: z.string(),
  pushStatus: z.enum(PUSH_STATUSES),
  operatorName: z.string().nullable(),
  /** When the firm answered, or the push was withdrawn; null while it waits. */
  answeredAt: z.string().nullable(),
  /** Why the firm declined it. */
  reason: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  summary: z.string(),
  /** The action and its details in the reader's language (contract/audit.ts). */
  actionLabel: z.string(),
  detail: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  /** The case status event this entry records (`case.approve` is APPROVE); null for other actions. */
  event: caseEventSchema.nullable(),
  /** The reason given with it (a return, a decline, a suspension). */
  reason: z.string().nullable(),
});

export const caseDetailSchema = caseRowSchema.extend({
  description: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  followUps: z.array(followUpSchema),
  repayments: z.array(repaymentSchema),
  repaidFen: z.number().int(),
  /** The ledger by part and its entries (contract/ledger.ts ledgerView). */
  ledger: caseLedgerViewSchema,
  pushes: z.array(pushSchema),
  auditTrail: z.array(auditEntrySchema),
  /** The contact log, newest first (at most 100; GET /cases/:id/contacts pages the rest). */
  contacts: z.array(contactSchema),
  /** Whether the main debtor may be called now (server/cases/contacts/rules.ts); null without one. */
  contactWindow: caseContactWindowSchema.nullable(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/** PUT /cases/:id: the version read, plus the fields to change. */
export const caseEditRequestSchema = z.object({
  version: z.number().int().positive(),
  title: textField({ min: 2, max: 100 }).optional(),
  type: z.optional(caseTypeSchema),
  debtorName: textField({ min: 1, max: 60 }).optional(),
  clientName: textField({ min: 1, max: 60 }).optional(),
  regionCode: regionCodeSchema.optional(),
  amountFen: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  ...claimPartsShape,
  entrustExpiresOn: daySchema.optional(),
  court: textField({ max: 100 }).nullable().optional(),
  courtSessionAt: z.iso.datetime({ offset: true }).nullable().optional(),
  description: textField({ max: 2000, multiline: true }).nullable().optional(),
});
export type CaseEditRequest = z.infer<typeof caseEditRequestSchema>;

/**
 * POST /cases/:id/transitions. Details are checked by the case status machine, not here,
 * so a missing reason or a wrong result is refused with the machine's reason (409).
 */
export const caseTransitionRequestSchema = z.object({
  event: caseEventSchema,
  version: z.number().int().positive(),
  reason: textField({ max: 200, multiline: true }).optional(),
  result: textField({ max: 20 }).optional(),
  lawyerId: bodyId.nullable().optional(),
  lawFirmId: bodyId.nullable().optional(),
});
export type CaseTransitionRequest = z.infer<typeof caseTransitionRequestSchema>;

export { BULK_CASE_EVENTS };

/**
 * POST /cases/bulk-transitions: one event for each ticked case, with the same details. Each
 * case is decided and stored on its own (its current version), so one refusal stops no other.
 */
export const bulkTransitionRequestSchema = z.object({
  event: z.enum(BULK_CASE_EVENTS),
  ids: z.array(bodyId).min(1).max(100),
  reason: textField({ max: 200, multiline: true }).optional(),
  result: textField({ max: 20 }).optional(),
  lawyerId: bodyId.nullable().optional(),
  lawFirmId: bodyId.nullable().optional(),
});
export type BulkTransitionRequest = z.infer<typeof bulkTransitionRequestSchema>;

/** What happened to each case: the one shape of every many-case answer (contract/case-outcomes.ts). */
export const bulkTransitionResultSchema = caseOutcomeListSchema;
export type BulkTransitionResult = z.infer<typeof bulkTransitionResultSchema>;

export const lawyerOptionsQuerySchema = z.object({
  keyword: text(30),
  lawFirmId: idSchema.optional(),
});

export const lawyerOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name with the firm, as a picker shows it: 张三 · XX律师事务所. */
  label: z.string(),
  lawFirmId: z.number().int(),
  lawFirmName: z.string(),
});

/** GET /lawfirms/options: the firms a case may be pushed to (passed review), by name. */
export const lawFirmOptionsQuerySchema = z.object({ keyword: text(30) });

export const lawFirmOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regionCode: z.string(),
});

export const pushListQuerySchema = pageQuerySchema.extend({
  caseNo: text(20),
  lawFirmId: idSchema.optional(),
  pushStatus: z.enum(PUSH_STATUSES).optional(),
});

export const pushRowSchema = pushSchema.extend({ caseNo: z.string(), caseTitle: z.string() });
