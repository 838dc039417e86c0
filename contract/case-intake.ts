import { z } from 'zod';
import { caseEditRequestSchema } from './case-api';
import { CASE_NO_PATTERN, CASE_TYPES, type CaseType } from './cases';
import { ENUM_LABELS_EN_US } from './labels-en-US';
import { ENUM_LABELS_ZH_CN } from './labels-zh-CN';
import { CLAIM_PART_FIELDS } from './ledger';
import { MAX_PAGE_SIZE, wholeNumber } from './paging';
import { isKnownRegion } from './regions';
import { textField } from './text';

/**
 * Case intake: one case through the form (POST /api/cases) or many through a spreadsheet
 * (POST /api/cases/imports). Both, and the edit, judge a case with the same field rules: the
 * intake schema is the edit's fields (contract/case-api.ts), required, plus the case number.
 * Imports this module's regions table (about 40 kB gzip): the browser loads it with the page.
 */
const edit = caseEditRequestSchema.shape;

export const caseIntakeSchema = z.object({
  caseNo: z.string().trim().regex(CASE_NO_PATTERN, 'rule.caseNo'),
  title: edit.title.unwrap(),
  type: edit.type.unwrap(),
  debtorName: edit.debtorName.unwrap(),
  clientName: edit.clientName.unwrap(),
  regionCode: edit.regionCode.unwrap().refine(isKnownRegion, 'rule.regionCode'),
  amountFen: edit.amountFen.unwrap().positive('rule.amountPositive'),
  /** The claim's parts, summing to amountFen (checked by contract/ledger.ts claimOf); absent: all principal. */
  principalFen: edit.principalFen,
  interestFen: edit.interestFen,
  penaltyFen: edit.penaltyFen,
  feesFen: edit.feesFen,
  entrustExpiresOn: edit.entrustExpiresOn.unwrap(),
  court: edit.court,
  description: edit.description,
  /** The creditor's loan number (借据号). */
  loanNo: textField({ max: 50 }).nullable().optional(),
});
export type CaseIntake = z.infer<typeof caseIntakeSchema>;
export type CaseIntakeField = keyof CaseIntake;

/** Yuan as typed (1234.5, "1,234.50") to fen; null unless a number with at most two decimals. */
export function yuanToFen(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : null;
  if (text === null) return null;
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * A value of one of the labelled enums (contract/labels-*) as a spreadsheet may name it: its code
 * (`civil`, `residentIdCard`) or its label in either language (民事, 居民身份证, Civil).
 */
export function labelledValueOf<T extends string>(
  enumName: string,
  values: readonly T[],
  value: string,
): T | null {
  const text = value.trim();
  for (const v of values) {
    const key = `enum.${enumName}.${v}` as keyof typeof ENUM_LABELS_ZH_CN & keyof typeof ENUM_LABELS_EN_US;
    if (
      text === v ||
      text === ENUM_LABELS_ZH_CN[key] ||
      text.toLowerCase() === ENUM_LABELS_EN_US[key]?.toLowerCase()
    )
      return v;
  }
  return null;
}

/** A case type as a spreadsheet may name it: its code (civil) or its label in either language. */
export const caseTypeOf = (value: string): CaseType | null => labelledValueOf('caseType', CASE_TYPES, value);

/** The claim's parts as the import takes them (contract/ledger.ts; ARCHITECTURE §8 "Ledger"); absent, all is principal. */
export { CLAIM_PART_FIELDS };
export type ClaimPartField = (typeof CLAIM_PART_FIELDS)[number];

/** The main sheet's columns beyond the intake's own: the main debtor's ID and contacts, and the claim's parts. */
export type ImportField =
  | CaseIntakeField
  | 'debtorIdType'
  | 'debtorIdNumber'
  | 'debtorPhones'
  | 'debtorAddress'
  | ClaimPartField;

/**
 * The spreadsheet's main sheet (its first tab), by its Chinese headers (the template's first
 * row); amounts are in yuan. Optional columns may be left out of the file. Several phones in
 * one cell are separated by `;` or `；`.
 */
export const IMPORT_COLUMNS = [
  { field: 'caseNo', header: '案件编号', required: true },
  { field: 'title', header: '案件名称', required: true },
  { field: 'type', header: '案件类型', required: true },
  { field: 'debtorName', header: '债务人', required: true },
  { field: 'clientName', header: '委托方', required: true },
  { field: 'regionCode', header: '地区编码', required: true },
  { field: 'amountFen', header: '标的金额（元）', required: true },
  { field: 'entrustExpiresOn', header: '委托到期日', required: true },
  { field: 'court', header: '受理法院', required: false },
  { field: 'description', header: '案件描述', required: false },
  { field: 'loanNo', header: '借据号', required: false },
  { field: 'debtorIdType', header: '债务人证件类型', required: false },
  { field: 'debtorIdNumber', header: '债务人证件号码', required: false },
  { field: 'debtorPhones', header: '债务人手机号', required: false },
  { field: 'debtorAddress', header: '债务人地址', required: false },
  { field: 'principalFen', header: '本金（元）', required: false },
  { field: 'interestFen', header: '利息（元）', required: false },
  { field: 'penaltyFen', header: '罚息（元）', required: false },
  { field: 'feesFen', header: '费用（元）', required: false },
] as const satisfies readonly { field: ImportField; header: string; required: boolean }[];

/** The template's example row, in the columns' order (a fictitious ID number with a valid check character). */
export const IMPORT_EXAMPLE = [
  'MS20260001',
  '张三借款合同纠纷',
  '民事',
  '张三',
  '深圳市某小额贷款有限公司',
  '440305',
  '12345.67',
  '2027-06-30',
  '深圳市南山区人民法院',
  '借款逾期未还',
  'JK2025000123',
  '居民身份证',
  '440305198506123419',
  '13800138000；0755-26541234',
  '深圳市南山区科技园路 1 号',
  '10000',
  '1845.67',
  '300',
  '200',
];

/** The sheet of further parties, found by this name (a tab of its own). */
export const IMPORT_PARTY_SHEET = '当事人';
/** The main sheet's name in the template (a file's own first tab may be named otherwise; a .csv has only this one). */
export const IMPORT_MAIN_SHEET = '案件';

export type ImportPartyField =
  | 'caseNo'
  | 'role'
  | 'name'
  | 'idType'
  | 'idNumber'
  | 'phones'
  | 'address'
  | 'employer';

/** The 当事人 sheet's columns: each row one more party of the case its 案件编号 names on the main sheet. */
export const IMPORT_PARTY_COLUMNS = [
  { field: 'caseNo', header: '案件编号', required: true },
  { field: 'role', header: '当事人类型', required: true },
  { field: 'name', header: '姓名', required: true },
  { field: 'idType', header: '证件类型', required: false },
  { field: 'idNumber', header: '证件号码', required: false },
  { field: 'phones', header: '手机号', required: false },
  { field: 'address', header: '地址', required: false },
  { field: 'employer', header: '工作单位', required: false },
] as const satisfies readonly { field: ImportPartyField; header: string; required: boolean }[];

export const IMPORT_PARTY_EXAMPLE = [
  'MS20260001',
  '担保人',
  '李四',
  '居民身份证',
  '11010519491231002X',
  '13900139000',
  '北京市朝阳区建国路 2 号',
  '北京某科技有限公司',
];

export const IMPORT_MODES = ['all', 'valid'] as const;
export const importModeSchema = z.enum(IMPORT_MODES, 'import.mode');
export type ImportMode = z.infer<typeof importModeSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;
export const IMPORT_ERRORS_KEPT = 100;

/**
 * One refused row: its sheet (the main sheet's name in the file, or 当事人) and row number, the
 * field (or `row`), the reason in the reader's language.
 */
export const importErrorSchema = z.object({
  sheet: z.string(),
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const caseImportSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  mode: importModeSchema,
  fileName: z.string(),
  /** Data rows in the file (blank rows not counted). */
  total: z.number().int(),
  /** Rows checked so far (the progress bar). */
  processed: z.number().int(),
  imported: z.number().int(),
  invalid: z.number().int(),
  /** Why the whole import failed, in the reader's language; null unless failed. */
  failure: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CaseImportSummary = z.infer<typeof caseImportSummarySchema>;

/** GET /api/cases/imports/:id: the summary with the first errors. */
export const caseImportSchema = caseImportSummarySchema.extend({ errors: z.array(importErrorSchema) });
export type CaseImport = z.infer<typeof caseImportSchema>;

export const caseImportStartedSchema = z.object({ id: z.number().int() });

export const caseImportListQuerySchema = z.object({
  page: wholeNumber(1).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(10),
});

/** Where the browser goes for the import page (the notice's link). */
export const CASE_IMPORT_ROUTE = '/list/case-import';
export const CASE_NEW_ROUTE = '/list/case-new';
