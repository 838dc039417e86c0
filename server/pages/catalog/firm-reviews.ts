import type { ColumnDescriptor, FieldDescriptor } from '../../../contract/pages/descriptor';
import { col, field, go, table } from './builders';
import { firmOptions, review, suspension } from './reviews';

/**
 * The review lists of law firms (审核工单, 账号审核) and lawyers (律师跟进), over server/lawfirms/
 * and server/lawyers/: operations decide applications under review and suspend or resume those
 * that passed. The lawyer filters and columns are shared with a firm's own lawyers tab
 * (firm-own.ts).
 */

// Law firms ------------------------------------------------------------------------------------

// The lists show and filter where each stands: its review status, or 已暂停 (suspended) for one
// that passed and is suspended (server/reviews/standing.ts).
const reviewStatusFilter = field('reviewStatus', 'firm.reviewStatus', {
  kind: 'select',
  enum: 'standing',
  multiple: true,
});
const firmKeyword = field(
  'keyword',
  'firm.keyword',
  { kind: 'input', maxLength: 60 },
  { placeholder: 'firm.keywordPlaceholder' },
);
// A suspended firm's or lawyer's reason shows under 已暂停, so no column of its own is needed.
const standingColumn = col('standing', 'firm.reviewStatus', {
  widget: 'status',
  enum: 'standing',
  width: 110,
  note: 'suspendReason',
});

/** Law-firm review orders: each firm's registration, when it came, who decided and why. */
export const orderManage = table({
  id: 'order-manage',
  title: 'menu.orderManage',
  source: { path: '/lawfirms' },
  filters: [
    firmKeyword,
    reviewStatusFilter,
    field('region', 'firm.region', { kind: 'region', depth: 2 }),
    field('created', 'firm.submittedAt', { kind: 'dateRange' }),
    field('reviewed', 'firm.reviewedAt', { kind: 'dateRange' }),
  ],
  columns: [
    col('name', 'firm.name', { fixed: 'left', width: 200 }),
    col('creditCode', 'firm.creditCode', { width: 190, defaultHidden: true }),
    col('regionCode', 'firm.region', { widget: 'region', width: 150, defaultHidden: true }),
    col('contactName', 'firm.contactName', { width: 100 }),
    col('contactPhone', 'firm.contactPhone', { widget: 'phone', width: 130, defaultHidden: true }),
    col('createdAt', 'firm.submittedAt', { widget: 'datetime', sortable: true, width: 170 }),
    standingColumn,
    col('reviewerName', 'firm.reviewer', { width: 100, defaultHidden: true }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('reviewReason', 'firm.reviewReason', { width: 220 }),
    col('decisionCount', 'firm.decisionCount', { widget: 'number', width: 110, defaultHidden: true }),
  ],
  rowActions: [review('/lawfirms/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] })],
  toolbar: [go('accounts', 'firm.action.accounts', '/lawoffice/account-verification')],
  bulkActions: [],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

/** Law-firm review accounts: each firm as an account, with its lawyers and cases; operations pass or reject it. */
export const accountVerification = table({
  id: 'account-verification',
  title: 'menu.accountVerification',
  source: { path: '/lawfirms' },
  filters: [firmKeyword, reviewStatusFilter, field('region', 'firm.region', { kind: 'region', depth: 2 })],
  columns: [
    // At 1366 wide: who, where they stand, how to reach them and their load; the rest in settings.
    col('name', 'firm.name', { fixed: 'left', width: 200 }),
    standingColumn,
    col('regionCode', 'firm.region', { widget: 'region', width: 140, defaultHidden: true }),
    col('address', 'firm.address', { width: 220, defaultHidden: true }),
    col('contactName', 'firm.contactName', { width: 100 }),
    col('contactPhone', 'firm.contactPhone', { widget: 'phone', width: 130 }),
    col('lawyerCount', 'firm.lawyerCount', { widget: 'number', width: 90 }),
    col('auditingLawyerCount', 'firm.auditingLawyerCount', { widget: 'number', width: 100 }),
    col('caseCount', 'firm.caseCount', { widget: 'number', width: 90 }),
    col('reviewReason', 'firm.reviewReason', { width: 200, defaultHidden: true }),
    col('reviewedAt', 'firm.reviewedAt', {
      widget: 'datetime',
      sortable: true,
      width: 170,
      defaultHidden: true,
    }),
    col('createdAt', 'firm.registeredAt', {
      widget: 'datetime',
      sortable: true,
      width: 170,
      defaultHidden: true,
    }),
  ],
  // Only an application under review is decided (server/reviews/decision.ts); a firm that passed
  // is suspended instead, and the suspension lifted.
  rowActions: [
    review('/lawfirms/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] }),
    ...suspension('/lawfirms/:id/suspension'),
  ],
  toolbar: [go('orders', 'firm.action.orders', '/result/order-manage')],
  bulkActions: [],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

// Lawyers --------------------------------------------------------------------------------------

export const lawyerFilters: FieldDescriptor[] = [
  field(
    'keyword',
    'firm.keyword',
    { kind: 'input', maxLength: 60 },
    { placeholder: 'firm.lawyer.keywordPlaceholder' },
  ),
  reviewStatusFilter,
  field('created', 'firm.lawyer.createdAt', { kind: 'dateRange' }),
];
export const lawyerColumns = (extra: ColumnDescriptor[]): ColumnDescriptor[] => [
  col('name', 'firm.lawyer.name', { fixed: 'left', width: 100 }),
  col('phone', 'firm.lawyer.phone', { widget: 'phone', width: 130 }),
  col('licenceNo', 'firm.lawyer.licenceNo', { width: 170 }),
  ...extra,
  standingColumn,
  col('reviewReason', 'firm.reviewReason', { width: 200, defaultHidden: true }),
  col('caseCount', 'firm.lawyer.caseCount', { widget: 'number', sortable: true, width: 110 }),
  col('activeCaseCount', 'firm.lawyer.activeCaseCount', { widget: 'number', sortable: true, width: 110 }),
  col('closedCaseCount', 'firm.lawyer.closedCaseCount', {
    widget: 'number',
    width: 110,
    defaultHidden: true,
  }),
  col('createdAt', 'firm.lawyer.createdAt', {
    widget: 'datetime',
    sortable: true,
    width: 170,
    defaultHidden: true,
  }),
];

/** Lawyer follow-up: every lawyer with their firm, review and workload. */
export const followUp = table({
  id: 'follow-up',
  title: 'menu.followUp',
  source: { path: '/lawyers' },
  filters: [...lawyerFilters, firmOptions()],
  columns: lawyerColumns([
    col('lawFirmName', 'firm.lawFirm', { width: 200 }),
    col('enabled', 'firm.lawyer.enabled', {
      widget: 'enum',
      enum: 'enabled',
      width: 90,
      defaultHidden: true,
    }),
  ]),
  rowActions: [
    review('/lawyers/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] }),
    ...suspension('/lawyers/:id/suspension'),
  ],
  toolbar: [],
  bulkActions: [],
  defaultSort: { field: 'activeCaseCount', order: 'descend' },
});
