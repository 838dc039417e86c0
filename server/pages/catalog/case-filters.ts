import type { FieldDescriptor } from '../../../contract/pages/descriptor';
import { field, keyword } from './builders';

/** The case lists' filters (server/pages/catalog/cases.ts), each list taking the ones it names. */
const caseFilters: FieldDescriptor[] = [
  keyword('case.keyword', 'case.keywordPlaceholder'),
  field('caseNo', 'case.caseNo', { kind: 'input', maxLength: 20 }),
  field('status', 'case.status', { kind: 'select', enum: 'caseStatus', multiple: true }),
  field('position', 'case.position', { kind: 'select', enum: 'casePosition' }),
  field('planStatus', 'plan.status', { kind: 'select', enum: 'planStatus' }),
  field('type', 'case.type', { kind: 'select', enum: 'caseType' }),
  field('title', 'case.title', { kind: 'input', maxLength: 100 }),
  field('debtor', 'case.debtorName', { kind: 'input', maxLength: 60 }),
  field('region', 'case.region', { kind: 'region', depth: 2 }),
  field('amount', 'case.amountRange', { kind: 'moneyRange' }),
  // What is still owed (the lists' 待还金额 column), in yuan on screen and fen on the wire.
  field('outstanding', 'case.outstandingRange', { kind: 'moneyRange' }),
  field('created', 'case.createdRange', { kind: 'dateRange' }),
  field('entrust', 'case.entrustRange', { kind: 'dateRange' }),
  // 即将到期 (within 30 days) and 已到期 (server/deadlines/): the entrustment's deadline.
  field('deadline', 'case.deadline', {
    kind: 'select',
    options: [
      { value: 'expiring', label: 'case.deadline.expiring' },
      { value: 'expired', label: 'case.deadline.expired' },
    ],
  }),
  field(
    'lawyerId',
    'case.lawyer',
    { kind: 'select', optionsFrom: { path: '/lawyers/options', value: 'id', label: 'label' } },
    { access: 'cases.assign' },
  ),
  field('lawFirmId', 'case.lawFirm', {
    kind: 'select',
    optionsFrom: { path: '/lawfirms/names', value: 'id', label: 'name' },
  }),
];

/**
 * A list's filters, the keyword first: the first row (beside 展开 / 重置 / 查询) gives the keyword
 * room for its placeholder (10 of 24) and the next two 7 each; the others stay three to a row.
 */
const FIRST_ROW_SPANS = [10, 7, 7];
export const caseFiltersOf = (names?: readonly string[]): FieldDescriptor[] =>
  caseFilters
    .filter((f) => !names || names.includes(f.name))
    .map((f, i) => (i < FIRST_ROW_SPANS.length ? { ...f, span: FIRST_ROW_SPANS[i] } : f));
