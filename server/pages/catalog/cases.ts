import {
  type ActionDescriptor,
  type ColumnDescriptor,
  type DashboardPage,
  type FieldDescriptor,
  type PageDescriptor,
  SCHEMA_VERSION,
  type TablePage,
} from '../../../contract/pages/descriptor';
import { col, field, go, mayDo } from './builders';
import { bulkTransitions, status, transitions } from './case-common';
import { caseFiltersOf } from './case-filters';
import { caseRecordPages } from './case-record';

/**
 * The case pages, over the case API (server/cases/routes.ts). Transition buttons show only
 * for the events a record's `allowedEvents` lists (the case status machine, run by the
 * server for the caller); the registry asks an event's details (reason, result, assignee).
 */

const v = SCHEMA_VERSION;
const caseNoLink = (to: string, field = 'caseNo'): ColumnDescriptor => ({
  field,
  title: 'case.caseNo',
  widget: 'link',
  link: to,
  fixed: 'left',
  width: 130,
});

/**
 * Every case column, for the column settings; `shown` names the ones a list shows by default,
 * chosen for the role that works in it so that at 1366 x 768 they and the row actions fit
 * without scrolling sideways (the rest stay one tick away in the column settings).
 */
const caseColumns = (detailRoute: string, shown: readonly string[]): ColumnDescriptor[] =>
  allCaseColumns(detailRoute).map(({ defaultHidden: _, ...c }) =>
    // Shown columns carry no defaultHidden key at all (a key set to undefined is not JSON).
    c.field === 'caseNo' || shown.includes(c.field) ? c : { ...c, defaultHidden: true },
  );

const allCaseColumns = (detailRoute: string): ColumnDescriptor[] => [
  caseNoLink(detailRoute),
  col('title', 'case.title', { width: 260 }),
  col('type', 'case.type', { widget: 'enum', enum: 'caseType', width: 90 }),
  status,
  // A returned case says why under 已退回, in the lists that do not show the reason's own column.
  col('position', 'case.position', {
    widget: 'enum',
    enum: 'casePosition',
    width: 110,
    note: 'returnReason',
  }),
  // Why review sent a case back (已退回): seen in the list, not only on opening the case.
  col('returnReason', 'case.returnReason', { width: 200 }),
  // How a closed case ended (已还款, 调解成功, ...): the lists answer "closed how?" without opening it.
  col('closeResult', 'case.closeResult', { widget: 'enum', enum: 'closeResult', width: 100 }),
  // Where its repayment plan stands (违约 in red): one tick away in the column settings.
  col('planStatus', 'plan.status', { widget: 'status', enum: 'planStatus', width: 100 }),
  col('stage', 'case.stage', { widget: 'enum', enum: 'caseStage', width: 90, defaultHidden: true }),
  col('debtorName', 'case.debtorName', { width: 120 }),
  col('clientName', 'case.clientName', { width: 200, defaultHidden: true }),
  col('regionCode', 'case.region', { widget: 'region', width: 160 }),
  col('amountFen', 'case.amount', { widget: 'money', sortable: true, width: 140 }),
  // What is still owed (the ledger keeps it on the case row, so the list sorts by it).
  col('outstandingFen', 'case.outstandingFen', { widget: 'money', sortable: true, width: 130 }),
  col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date', width: 120, defaultHidden: true }),
  col('lawyerName', 'case.lawyer', { width: 100 }),
  col('lawFirmName', 'case.lawFirm', { width: 180 }),
  col('courtSessionAt', 'case.courtSessionAt', { widget: 'countdown', sortable: true, width: 140 }),
  col('createdAt', 'case.createdAt', { widget: 'datetime', sortable: true, width: 170 }),
];

const exportAll: ActionDescriptor = {
  kind: 'export',
  key: 'export',
  label: 'case.action.export',
  path: '/cases/export',
};
const exportSelected: ActionDescriptor = {
  kind: 'export',
  key: 'exportSelected',
  label: 'case.action.exportSelected',
  path: '/cases/export',
};

/** 48 + 130 + 200 + 90 + 100 + 130 + 90 + the actions (about 274) fit the 1074 px of a 1366 px screen. */
const NARROW: Record<string, number> = {
  title: 200,
  status: 90,
  position: 100,
  amountFen: 130,
  lawyerName: 90,
};

/** Case management: every case, every filter, the operations' actions. */
const searchTable: TablePage = {
  schemaVersion: v,
  id: 'search-table',
  type: 'table',
  title: 'menu.searchTable',
  source: { path: '/cases' },
  rowKey: 'id',
  filters: caseFiltersOf(),
  // Case operations: where each case stands and what it is worth; the handling lawyer.
  columns: caseColumns('/list/case-detail/:id', [
    'title',
    'status',
    'position',
    'amountFen',
    'lawyerName',
  ]).map((c) => ({ ...c, width: NARROW[c.field] ?? c.width })),
  rowActions: [
    go('view', 'case.action.view', '/list/case-detail/:id'),
    go('edit', 'case.action.edit', '/list/case-edit/:id', 'cases.edit'),
    // Review is for cases awaiting it (new, or returned and edited).
    {
      ...go('review', 'case.action.review', '/list/bussinessAudit/:id', 'cases.review'),
      when: mayDo('review'),
    },
    ...transitions('APPROVE', 'PUSH', 'ASSIGN', 'RELEASE', 'SUSPEND', 'RESUME', 'CLOSE'),
    // 委托已到期 or near it (filter 委托期限): extended to a later day, or closed as withdrawn above.
    {
      kind: 'api',
      key: 'extendEntrustment',
      label: 'case.action.extendEntrustment',
      access: 'cases.entrust',
      method: 'POST',
      path: '/cases/:id/entrustment',
      body: 'form',
      form: [field('expiresOn', 'case.entrust.newExpiry', { kind: 'date' }, { required: true })],
      sendVersion: true,
      successMessage: 'case.entrust.extended',
      when: mayDo('extendEntrustment'),
    },
  ],
  toolbar: [
    go('create', 'case.action.create', '/list/case-new', 'cases.create'),
    go('import', 'case.action.import', '/list/case-import', 'cases.import'),
    go('pushes', 'case.action.pushes', '/list/push-manage'),
    go('followUps', 'case.action.followUps', '/list/renewal-follow'),
    exportAll,
  ],
  bulkActions: [
    ...bulkTransitions('ASSIGN', 'PUSH', 'CLOSE'),
    { kind: 'bulkRoute', key: 'bulkRoute', label: 'case.action.route', access: 'cases.push' },
    exportSelected,
  ],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

/** A lawyer's case pool: pending cases they may take. */
const casePool: TablePage = {
  schemaVersion: v,
  id: 'search-table-lawyer',
  type: 'table',
  title: 'menu.searchTableLawyer',
  source: { path: '/cases/pool' },
  rowKey: 'id',
  filters: caseFiltersOf(['keyword', 'type', 'region', 'amount', 'entrust']),
  // A lawyer choosing a case: what, where, how much, and until when it is entrusted.
  columns: caseColumns('/case/processing/:id', [
    'title',
    'type',
    'regionCode',
    'amountFen',
    'entrustExpiresOn',
  ]).filter((c) => !['status', 'closeResult', 'lawyerName', 'courtSessionAt'].includes(c.field)),
  rowActions: [go('view', 'case.action.view', '/case/processing/:id'), ...transitions('TAKE')],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

/** A lawyer's own cases. */
const myCases: TablePage = {
  schemaVersion: v,
  id: 'my-cases',
  type: 'table',
  title: 'menu.myCases',
  source: { path: '/cases/mine' },
  rowKey: 'id',
  filters: caseFiltersOf(['keyword', 'status', 'type', 'region', 'outstanding', 'created']),
  // A lawyer's own cases: how each stands, its amount, what is still owed and the next court session.
  columns: caseColumns('/case/processing/:id', [
    'title',
    'status',
    'amountFen',
    'outstandingFen',
    'courtSessionAt',
  ])
    .filter((c) => c.field !== 'lawyerName')
    // 130 + 150 + 90 + 130 + 130 + 140 and the actions (about 274) fit 1366 px.
    .map((c) => ({ ...c, width: c.field === 'title' ? 150 : (NARROW[c.field] ?? c.width) })),
  rowActions: [
    go('process', 'case.action.process', '/case/processing/:id'),
    ...transitions('RELEASE', 'SUSPEND', 'RESUME', 'CLOSE'),
  ],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

const stageFilters: FieldDescriptor[] = [
  field('type', 'case.type', { kind: 'select', enum: 'caseType' }),
  field('region', 'case.region', { kind: 'region', depth: 2 }),
  field('created', 'case.createdRange', { kind: 'dateRange' }),
];

/** Case-node statistics as a table: cases per stage, a column per status. */
const caseNode: TablePage = {
  schemaVersion: v,
  id: 'case-node',
  type: 'table',
  title: 'menu.caseNode',
  source: { path: '/cases/stats/stages' },
  rowKey: 'stage',
  filters: stageFilters,
  columns: [
    col('stage', 'case.stats.stage', { widget: 'enum', enum: 'caseStage' }),
    col('pending', 'enum.caseStatus.pending', { widget: 'number' }),
    col('processing', 'enum.caseStatus.processing', { widget: 'number' }),
    col('suspended', 'enum.caseStatus.suspended', { widget: 'number' }),
    col('closed', 'enum.caseStatus.closed', { widget: 'number' }),
    col('total', 'case.stats.total', { widget: 'number' }),
  ],
  rowActions: [],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
};

/** Case-node statistics for business operations, as charts. */
const statisticsCaseNode: DashboardPage = {
  schemaVersion: v,
  id: 'statistics-case-node',
  type: 'dashboard',
  title: 'menu.statisticsCaseNode',
  source: { path: '/cases/stats/stages' },
  blocks: [
    {
      kind: 'stat',
      title: 'case.stats.cases',
      field: 'totals.cases',
      widget: 'number',
      icon: 'file',
      span: 6,
    },
    {
      kind: 'stat',
      title: 'enum.caseStatus.pending',
      field: 'totals.pending',
      widget: 'number',
      icon: 'apps',
      span: 6,
    },
    {
      kind: 'stat',
      title: 'enum.caseStatus.processing',
      field: 'totals.processing',
      widget: 'number',
      icon: 'calendar',
      span: 6,
    },
    {
      kind: 'stat',
      title: 'enum.caseStatus.closed',
      field: 'totals.closed',
      widget: 'number',
      icon: 'archive',
      span: 6,
    },
    {
      kind: 'chart',
      title: 'case.stats.byStage',
      chart: 'column',
      field: 'list',
      x: 'stage',
      y: 'total',
      enum: 'caseStage',
      span: 16,
      height: 320,
    },
    {
      kind: 'chart',
      title: 'dashboard.statusShare',
      chart: 'donut',
      field: 'statuses',
      x: 'status',
      y: 'count',
      enum: 'caseStatus',
      span: 8,
      height: 320,
    },
  ],
};

/** Where cases were pushed. */
const pushManage: TablePage = {
  schemaVersion: v,
  id: 'push-manage',
  type: 'table',
  title: 'menu.pushManage',
  source: { path: '/case-pushes' },
  rowKey: 'id',
  filters: [
    field('caseNo', 'case.caseNo', { kind: 'input', maxLength: 20 }),
    field('lawFirmId', 'case.push.lawFirm', {
      kind: 'select',
      optionsFrom: { path: '/lawfirms/options', value: 'id', label: 'name' },
    }),
    field('pushStatus', 'case.push.status', { kind: 'select', enum: 'pushStatus' }),
  ],
  columns: [
    caseNoLink('/list/case-detail/:caseId'),
    // What operations act on fits at 1366 x 768: the firm's answer, when, and why it declined.
    col('caseTitle', 'case.title', { width: 260, defaultHidden: true }),
    col('lawFirmName', 'case.push.lawFirm', { width: 180 }),
    col('pushStatus', 'case.push.status', { widget: 'status', enum: 'pushStatus', width: 100 }),
    col('pushedAt', 'case.push.pushedAt', { widget: 'datetime', width: 170 }),
    col('answeredAt', 'case.push.answeredAt', { widget: 'datetime', width: 170 }),
    col('reason', 'case.push.reason', { width: 200 }),
    col('operatorName', 'case.push.operator', { width: 100, defaultHidden: true }),
  ],
  rowActions: [go('view', 'case.action.view', '/list/case-detail/:caseId')],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
};

/** Payment follow-ups across cases. */
const renewalFollow: TablePage = {
  schemaVersion: v,
  id: 'renewal-follow',
  type: 'table',
  title: 'menu.renewalFollow',
  source: { path: '/follow-ups' },
  rowKey: 'id',
  filters: [
    field('caseNo', 'case.caseNo', { kind: 'input', maxLength: 20 }),
    field('paymentStatus', 'case.followUp.paymentStatus', { kind: 'select', enum: 'paymentStatus' }),
    field('followed', 'case.followUp.followedRange', { kind: 'dateRange' }),
  ],
  columns: [
    // At 1366 x 768 these and 办理 fit without scrolling sideways; who wrote it is in column settings.
    caseNoLink('/list/case-detail/:caseId'),
    col('caseTitle', 'case.title', { width: 200 }),
    col('lawyerName', 'case.lawyer', { width: 90 }),
    col('followedAt', 'case.followUp.followedAt', { widget: 'datetime', width: 170 }),
    col('paymentStatus', 'case.followUp.paymentStatus', {
      widget: 'status',
      enum: 'paymentStatus',
      width: 100,
    }),
    col('note', 'case.followUp.note', { width: 240 }),
    col('operatorName', 'case.followUp.operator', { width: 90, defaultHidden: true }),
  ],
  rowActions: [go('process', 'case.action.process', '/case/processing/:caseId')],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
};

export const casePages: PageDescriptor[] = [
  ...caseRecordPages,
  searchTable,
  caseNode,
  pushManage,
  renewalFollow,
  casePool,
  myCases,
  statisticsCaseNode,
];
