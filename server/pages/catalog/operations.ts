import type {
  ColumnDescriptor,
  DashboardBlock,
  DashboardPage,
  PageDescriptor,
  TablePage,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field, go, keyword, stat } from './builders';

/**
 * The operations pages: the task center, the business case list and statistics (device
 * management, a user's account and wallet are in accounts.ts). Their endpoints are in
 * server/business/, server/statistics/ and server/tasks/; requests and answers in
 * contract/operations-api.ts.
 */

const v = SCHEMA_VERSION;

// ---- The task center ----

/** A short list of cases for the task center; business operations handle them from their list. */
const caseList = (title: string, path: string, columns: ColumnDescriptor[], span = 12): DashboardBlock => ({
  kind: 'list',
  title,
  field: path,
  columns: [col('caseNo', 'case.caseNo', { width: 130 }), col('title', 'case.title'), ...columns],
  more: '/result/search-table-business',
  span,
});

/** Deadlines in operations' hands (server/deadlines/in-hand.ts), with the time left or past. */
const deadlineList = (title: string, path: string): DashboardBlock => ({
  kind: 'list',
  title,
  field: path,
  columns: [
    col('caseNo', 'case.caseNo', { widget: 'link', link: '/result/case-record/:caseId', width: 130 }),
    col('title', 'case.title'),
    col('lawFirmName', 'case.lawFirm'),
    col('dueAt', 'dashboard.dueAt', { widget: 'countdown' }),
  ],
  span: 12,
});

const taskCenter: DashboardPage = {
  schemaVersion: v,
  id: 'task-center',
  type: 'dashboard',
  title: 'menu.taskCenter',
  source: { path: '/tasks/center' },
  blocks: [
    stat('operations.task.firmsAuditing', 'counts.firmsAuditing', 'lawoffice', 6),
    stat('operations.task.lawyersAuditing', 'counts.lawyersAuditing', 'idcard', 6),
    stat('operations.task.lettersAuditing', 'counts.lettersAuditing', 'stamp', 6),
    stat('operations.task.todos', 'counts.todos', 'notification', 6),
    stat('operations.task.poolCases', 'counts.poolCases', 'apps', 8),
    stat('operations.task.expiring', 'counts.expiringEntrustments', 'calendar', 8),
    stat('operations.task.sessionsThisWeek', 'counts.sessionsThisWeek', 'case', 8),
    stat('operations.task.pushesWaiting', 'counts.pushesWaiting', 'notification', 12),
    stat('operations.task.expired', 'counts.expiredEntrustments', 'calendar', 12),
    {
      kind: 'list',
      title: 'operations.task.firmsList',
      field: 'firms',
      columns: [
        col('name', 'operations.task.firmName'),
        col('regionCode', 'case.region', { widget: 'region' }),
        col('contactName', 'operations.task.contactName'),
        col('createdAt', 'operations.task.appliedAt', { widget: 'datetime' }),
      ],
      more: '/lawoffice/account-verification',
      span: 12,
    },
    {
      kind: 'list',
      title: 'operations.task.lawyersList',
      field: 'lawyers',
      columns: [
        col('name', 'operations.task.lawyerName'),
        col('lawFirmName', 'case.lawFirm'),
        col('licenceNo', 'operations.task.licenceNo'),
        col('createdAt', 'operations.task.appliedAt', { widget: 'datetime' }),
      ],
      more: '/lawoffice/follow-up',
      span: 12,
    },
    {
      kind: 'list',
      title: 'operations.task.lettersList',
      field: 'letters',
      columns: [
        col('letterNo', 'operations.task.letterNo'),
        col('title', 'operations.task.letterTitle'),
        col('lawFirmName', 'case.lawFirm'),
        col('submittedAt', 'operations.task.submittedAt', { widget: 'datetime' }),
      ],
      more: '/result/letter-audit',
      span: 12,
    },
    {
      kind: 'list',
      title: 'operations.task.todoList',
      field: 'todos',
      columns: [
        col('title', 'operations.message.title', { width: 140 }),
        col('content', 'operations.message.content'),
        col('createdAt', 'operations.message.createdAt', { widget: 'datetime', width: 170 }),
      ],
      span: 12,
    },
    caseList('operations.task.poolList', 'pool', [
      col('amountFen', 'case.amount', { widget: 'money' }),
      col('createdAt', 'case.createdAt', { widget: 'datetime' }),
    ]),
    caseList('operations.task.expiringList', 'expiring', [
      col('lawFirmName', 'case.lawFirm'),
      col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date' }),
    ]),
    deadlineList('operations.task.pushesList', 'pushes'),
    deadlineList('operations.task.expiredList', 'expired'),
    caseList(
      'operations.task.sessionsList',
      'sessions',
      [col('court', 'case.court'), col('courtSessionAt', 'case.courtSessionAt', { widget: 'countdown' })],
      24,
    ),
  ],
};

// ---- The business case list ----

const businessList: TablePage = {
  schemaVersion: v,
  id: 'search-table-business',
  type: 'table',
  title: 'menu.searchTableBusiness',
  source: { path: '/business/cases' },
  rowKey: 'id',
  filters: [
    // The first row, beside 展开 / 重置 / 查询: the keyword wide enough for its placeholder.
    { ...keyword('case.keyword', 'case.keywordPlaceholder'), span: 10 },
    field('caseNo', 'case.caseNo', { kind: 'input', maxLength: 20 }, { span: 7 }),
    field('status', 'case.status', { kind: 'select', enum: 'caseStatus', multiple: true }, { span: 7 }),
    field('type', 'case.type', { kind: 'select', enum: 'caseType' }),
    field('paymentStatus', 'operations.business.lastPaymentStatus', {
      kind: 'select',
      enum: 'paymentStatus',
    }),
    field('pushStatus', 'operations.business.pushStatus', { kind: 'select', enum: 'pushStatus' }),
    field('region', 'case.region', { kind: 'region', depth: 2 }),
    field('amount', 'case.amountRange', { kind: 'moneyRange' }),
    field('created', 'case.createdRange', { kind: 'dateRange' }),
    field('entrust', 'case.entrustRange', { kind: 'dateRange' }),
    field('lawFirmId', 'case.lawFirm', {
      kind: 'select',
      optionsFrom: { path: '/lawfirms/names', value: 'id', label: 'name' },
    }),
  ],
  columns: [
    col('caseNo', 'case.caseNo', {
      widget: 'link',
      link: '/result/case-record/:id',
      fixed: 'left',
      width: 130,
    }),
    // Shown by default, for business operations following the money: 130 + 200 + 90 + 130 + 130 +
    // 90 + 100 + 90 and 查看 fit the 1074 px of a 1366 px screen. The rest: column settings.
    col('title', 'case.title', { width: 200 }),
    col('type', 'case.type', { widget: 'enum', enum: 'caseType', width: 90, defaultHidden: true }),
    col('status', 'case.status', { widget: 'status', enum: 'caseStatus', width: 90 }),
    col('debtorName', 'case.debtorName', { width: 120, defaultHidden: true }),
    col('clientName', 'case.clientName', { width: 200, defaultHidden: true }),
    col('regionCode', 'case.region', { widget: 'region', width: 160, defaultHidden: true }),
    col('amountFen', 'case.amount', { widget: 'money', sortable: true, width: 130 }),
    col('repaidFen', 'operations.business.repaid', { widget: 'money', width: 130 }),
    col('recoveryRate', 'operations.business.recoveryRate', { widget: 'percent', width: 90 }),
    col('repayments', 'operations.business.repayments', { widget: 'number', width: 90, defaultHidden: true }),
    col('lastRepaidOn', 'operations.business.lastRepaidOn', {
      widget: 'date',
      width: 120,
      defaultHidden: true,
    }),
    col('lastFollowedAt', 'operations.business.lastFollowedAt', {
      widget: 'datetime',
      width: 170,
      defaultHidden: true,
    }),
    col('lastPaymentStatus', 'operations.business.lastPaymentStatus', {
      widget: 'status',
      enum: 'paymentStatus',
      width: 100,
    }),
    col('lastFollowUpNote', 'operations.business.lastFollowUpNote', { width: 220, defaultHidden: true }),
    col('pushStatus', 'operations.business.pushStatus', {
      widget: 'status',
      enum: 'pushStatus',
      width: 100,
      defaultHidden: true,
    }),
    col('pushedToFirm', 'operations.business.pushedToFirm', { width: 180, defaultHidden: true }),
    col('pushedAt', 'operations.business.pushedAt', { widget: 'datetime', width: 170, defaultHidden: true }),
    col('lawyerName', 'case.lawyer', { width: 90 }),
    col('lawFirmName', 'case.lawFirm', { width: 180, defaultHidden: true }),
    col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date', width: 120, defaultHidden: true }),
    col('courtSessionAt', 'case.courtSessionAt', {
      widget: 'countdown',
      sortable: true,
      width: 140,
      defaultHidden: true,
    }),
    col('createdAt', 'case.createdAt', {
      widget: 'datetime',
      sortable: true,
      width: 170,
      defaultHidden: true,
    }),
  ],
  // The case's whole record, read-only (the case pages of operations are not this role's routes).
  rowActions: [go('view', 'case.action.view', '/result/case-record/:id')],
  toolbar: [
    go('statistics', 'menu.statisticsData', '/statistics/statistics-data'),
    go('tasks', 'menu.taskCenter', '/dashboard/task-center'),
  ],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

// ---- Statistics ----

const statisticsData: DashboardPage = {
  schemaVersion: v,
  id: 'statistics-data',
  type: 'dashboard',
  title: 'menu.statisticsData',
  source: { path: '/statistics/data' },
  blocks: [
    stat('dashboard.totalCases', 'totals.cases', 'file', 8),
    stat('operations.stats.closed', 'totals.closed', 'archive', 8),
    stat('dashboard.successRate', 'totals.successRate', 'trophy', 8, 'percent'),
    stat('operations.stats.averageCloseDays', 'totals.averageCloseDays', 'calendar', 8),
    stat('dashboard.recovered', 'totals.recoveredFen', 'wallet', 8, 'money'),
    stat('operations.stats.recoveredYear', 'totals.recoveredYearFen', 'bank', 8, 'money'),
    {
      kind: 'chart',
      title: 'operations.stats.recoveredByMonth',
      chart: 'column',
      field: 'recoveredByMonth',
      x: 'month',
      y: 'tenThousandYuan',
      span: 16,
      height: 320,
    },
    {
      kind: 'chart',
      title: 'dashboard.resultShare',
      chart: 'donut',
      field: 'closeResults',
      x: 'result',
      y: 'count',
      enum: 'closeResult',
      span: 8,
      height: 320,
    },
    {
      kind: 'chart',
      title: 'operations.stats.byProvince',
      chart: 'bar',
      field: 'byProvince',
      x: 'province',
      y: 'count',
      span: 12,
      height: 360,
    },
    {
      kind: 'chart',
      title: 'operations.stats.byType',
      chart: 'pie',
      field: 'byType',
      x: 'type',
      y: 'count',
      enum: 'caseType',
      span: 12,
      height: 360,
    },
    {
      kind: 'chart',
      title: 'operations.stats.closeDaysByType',
      chart: 'column',
      field: 'closeDaysByType',
      x: 'type',
      y: 'days',
      enum: 'caseType',
      span: 24,
      height: 280,
    },
  ],
};

export const operationsPages: PageDescriptor[] = [taskCenter, businessList, statisticsData];
