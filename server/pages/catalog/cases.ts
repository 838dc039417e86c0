import { ATTACHMENT_ACCEPT } from '../../../contract/case-api';
import {
  type ActionDescriptor,
  CASE_EVENTS,
  type ColumnDescriptor,
  type DashboardPage,
  type DetailPage,
  type FieldDescriptor,
  type FormPage,
  type PageDescriptor,
  SCHEMA_VERSION,
  type TablePage,
  type TabsPage,
} from '../../../contract/pages/descriptor';
import type { Role } from '../../../contract/roles';
import { col, field, go } from './builders';

/**
 * The case pages, over the case API (server/cases/routes.ts). Transition buttons show only
 * for the events a record's `allowedEvents` lists (the case status machine, run by the
 * server for the caller); the registry asks an event's details (reason, result, assignee).
 */

const v = SCHEMA_VERSION;
const OPERATIONS: Role[] = ['caseOperation', 'superAdmin'];

const EVENT_LABELS = {
  TAKE: 'case.event.take',
  ASSIGN: 'case.event.assign',
  RELEASE: 'case.event.release',
  SUSPEND: 'case.event.suspend',
  RESUME: 'case.event.resume',
  CLOSE: 'case.event.close',
  REOPEN: 'case.event.reopen',
} as const satisfies Record<(typeof CASE_EVENTS)[number], string>;

const CONFIRMS: Partial<Record<(typeof CASE_EVENTS)[number], string>> = {
  TAKE: 'case.confirm.take',
  RELEASE: 'case.confirm.release',
  RESUME: 'case.confirm.resume',
  REOPEN: 'case.confirm.reopen',
};

function transitions(...events: Array<(typeof CASE_EVENTS)[number]>): ActionDescriptor[] {
  return events.map((event) => ({
    kind: 'transition',
    key: event.toLowerCase(),
    label: EVENT_LABELS[event],
    event,
    ...(CONFIRMS[event] ? { confirm: CONFIRMS[event] } : {}),
    ...(event === 'RELEASE' || event === 'CLOSE' ? { danger: true } : {}),
  }));
}

// Columns and fields shared by several pages.
const caseNoLink = (to: string, field = 'caseNo'): ColumnDescriptor => ({
  field,
  title: 'case.caseNo',
  widget: 'link',
  link: to,
  fixed: 'left',
  width: 140,
});
const status = col('status', 'case.status', { widget: 'status', enum: 'caseStatus', width: 100 });

const caseColumns = (detailRoute: string): ColumnDescriptor[] => [
  caseNoLink(detailRoute),
  col('title', 'case.title', { width: 260 }),
  col('type', 'case.type', { widget: 'enum', enum: 'caseType', width: 90 }),
  status,
  col('stage', 'case.stage', { widget: 'enum', enum: 'caseStage', width: 90, defaultHidden: true }),
  col('debtorName', 'case.debtorName', { width: 120 }),
  col('clientName', 'case.clientName', { width: 200, defaultHidden: true }),
  col('regionCode', 'case.region', { widget: 'region', width: 160 }),
  col('amountFen', 'case.amount', { widget: 'money', sortable: true, width: 140 }),
  col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date', width: 120, defaultHidden: true }),
  col('lawyerName', 'case.lawyer', { width: 100 }),
  col('lawFirmName', 'case.lawFirm', { width: 180 }),
  col('courtSessionAt', 'case.courtSessionAt', { widget: 'countdown', sortable: true, width: 140 }),
  col('createdAt', 'case.createdAt', { widget: 'datetime', sortable: true, width: 170 }),
];

const caseFilters: FieldDescriptor[] = [
  field(
    'keyword',
    'case.keyword',
    { kind: 'input', maxLength: 60 },
    { placeholder: 'case.keywordPlaceholder' },
  ),
  field('caseNo', 'case.caseNo', { kind: 'input', maxLength: 20 }),
  field('status', 'case.status', { kind: 'select', enum: 'caseStatus', multiple: true }),
  field('type', 'case.type', { kind: 'select', enum: 'caseType' }),
  field('title', 'case.title', { kind: 'input', maxLength: 100 }),
  field('debtor', 'case.debtorName', { kind: 'input', maxLength: 60 }),
  field('region', 'case.region', { kind: 'region', depth: 2 }),
  field('amount', 'case.amountRange', { kind: 'moneyRange' }),
  field('created', 'case.createdRange', { kind: 'dateRange' }),
  field('entrust', 'case.entrustRange', { kind: 'dateRange' }),
  field(
    'lawyerId',
    'case.lawyer',
    { kind: 'select', optionsFrom: { path: '/lawyers/options', value: 'id', label: 'name' } },
    { roles: OPERATIONS },
  ),
  field('lawFirmId', 'case.lawFirm', {
    kind: 'select',
    optionsFrom: { path: '/register/lawfirms', value: 'id', label: 'name' },
  }),
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

/** Case management: every case, every filter, the operations' actions. */
const searchTable: TablePage = {
  schemaVersion: v,
  id: 'search-table',
  type: 'table',
  title: 'menu.searchTable',
  source: { path: '/cases' },
  rowKey: 'id',
  filters: caseFilters,
  columns: caseColumns('/list/case-detail/:id'),
  rowActions: [
    go('view', 'case.action.view', '/list/case-detail/:id'),
    go('edit', 'case.action.edit', '/list/case-edit/:id', OPERATIONS),
    go('review', 'case.action.review', '/list/bussinessAudit/:id', OPERATIONS),
    ...transitions('ASSIGN', 'RELEASE', 'SUSPEND', 'RESUME', 'CLOSE', 'REOPEN'),
  ],
  toolbar: [
    go('pushes', 'case.action.pushes', '/list/push-manage'),
    go('followUps', 'case.action.followUps', '/list/renewal-follow'),
    exportAll,
  ],
  bulkActions: [exportSelected],
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
  filters: caseFilters.filter((f) => ['keyword', 'type', 'region', 'amount', 'entrust'].includes(f.name)),
  columns: caseColumns('/case/processing/:id').filter(
    (c) => !['status', 'lawyerName', 'courtSessionAt'].includes(c.field),
  ),
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
  filters: caseFilters.filter((f) => ['keyword', 'status', 'type', 'region', 'created'].includes(f.name)),
  columns: caseColumns('/case/processing/:id').filter((c) => c.field !== 'lawyerName'),
  rowActions: [
    go('process', 'case.action.process', '/case/processing/:id'),
    ...transitions('RELEASE', 'SUSPEND', 'RESUME', 'CLOSE'),
  ],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

// The detail sections, shared by the detail, review, processing and full-record pages.
const basics: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'case.section.basic',
  columns: 3,
  items: [
    col('caseNo', 'case.caseNo'),
    col('title', 'case.title'),
    col('type', 'case.type', { widget: 'enum', enum: 'caseType' }),
    status,
    col('stage', 'case.stage', { widget: 'enum', enum: 'caseStage' }),
    col('closeResult', 'case.closeResult', { widget: 'enum', enum: 'closeResult' }),
    col('suspendReason', 'case.suspendReason'),
    col('amountFen', 'case.amount', { widget: 'money' }),
    col('repaidFen', 'case.repaidFen', { widget: 'money' }),
    col('regionCode', 'case.region', { widget: 'region' }),
    col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date' }),
    col('createdAt', 'case.createdAt', { widget: 'datetime' }),
  ],
};
const parties: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'case.section.parties',
  columns: 2,
  items: [
    col('debtorName', 'case.debtorName'),
    col('clientName', 'case.clientName'),
    col('description', 'case.description'),
  ],
};
const handling: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'case.section.handling',
  columns: 2,
  items: [
    col('lawyerName', 'case.lawyer'),
    col('lawFirmName', 'case.lawFirm'),
    col('court', 'case.court'),
    col('courtSessionAt', 'case.courtSessionAt', { widget: 'countdown' }),
  ],
};
/**
 * Attachments: anyone who sees the case downloads a file (through the environment's download,
 * which sends the session's token); operations remove one after confirming. Uploads are on the
 * case edit page.
 */
const attachments: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.attachments',
  field: 'attachments',
  columns: [
    col('name', 'case.attachment.name'),
    col('size', 'case.attachment.size', { widget: 'fileSize' }),
    col('uploadedBy', 'case.attachment.uploadedBy'),
    col('createdAt', 'case.attachment.createdAt', { widget: 'datetime' }),
  ],
  rowActions: [
    {
      kind: 'export',
      key: 'download',
      label: 'case.attachment.download',
      path: '/cases/:caseId/attachments/:id',
    },
    {
      kind: 'api',
      key: 'remove',
      label: 'case.attachment.remove',
      method: 'DELETE',
      path: '/cases/:caseId/attachments/:id',
      confirm: 'case.attachment.confirmRemove',
      successMessage: 'case.attachment.removed',
      danger: true,
      roles: OPERATIONS,
    },
  ],
};
const followUps: DetailPage['sections'][number] = {
  kind: 'timeline',
  title: 'case.section.followUps',
  field: 'followUps',
  time: 'followedAt',
  content: 'note',
  label: 'operatorName',
};
const repayments: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.repayments',
  field: 'repayments',
  columns: [
    col('repaidOn', 'case.repayment.repaidOn', { widget: 'date' }),
    col('amountFen', 'case.repayment.amount', { widget: 'money' }),
    col('note', 'case.repayment.note'),
  ],
};
const pushes: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.pushes',
  field: 'pushes',
  columns: [
    col('lawFirmName', 'case.push.lawFirm'),
    col('pushStatus', 'case.push.status', { widget: 'status', enum: 'pushStatus' }),
    col('pushedAt', 'case.push.pushedAt', { widget: 'datetime' }),
    col('operatorName', 'case.push.operator'),
  ],
};
const auditTrail: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.audit',
  field: 'auditTrail',
  columns: [
    col('at', 'case.audit.at', { widget: 'datetime' }),
    col('action', 'case.audit.action'),
    col('summary', 'case.audit.summary'),
    col('actorName', 'case.audit.actor'),
  ],
};

const detailPage = (
  id: string,
  title: string,
  sections: DetailPage['sections'],
  actions: ActionDescriptor[],
): DetailPage => ({
  schemaVersion: v,
  id,
  type: 'detail',
  title,
  source: { path: '/cases/:id' },
  subtitleField: 'caseNo',
  sections,
  actions,
});

const caseDetail = detailPage(
  'case-detail',
  'menu.caseDetail',
  [basics, parties, handling, attachments, followUps, repayments, pushes, auditTrail],
  [
    go('edit', 'case.action.edit', '/list/case-edit/:id', OPERATIONS),
    go('details', 'case.action.details', '/list/case-details/:id'),
    go('review', 'case.action.review', '/list/bussinessAudit/:id', OPERATIONS),
    ...transitions(...CASE_EVENTS),
  ],
);

/** Case review: the record, where it was pushed and what happened, and the operations' decisions. */
const caseReview = detailPage(
  'bussiness-audit',
  'menu.bussinessAudit',
  [basics, handling, parties, attachments, pushes, auditTrail],
  [
    go('edit', 'case.action.edit', '/list/case-edit/:id', OPERATIONS),
    ...transitions('ASSIGN', 'SUSPEND', 'RESUME', 'CLOSE', 'RELEASE', 'REOPEN'),
  ],
);

const followUpForm: FieldDescriptor[] = [
  field(
    'paymentStatus',
    'case.followUp.paymentStatus',
    { kind: 'select', enum: 'paymentStatus' },
    { required: true },
  ),
  field('note', 'case.followUp.note', { kind: 'textarea', maxLength: 500 }, { required: true }),
];
const repaymentForm: FieldDescriptor[] = [
  field(
    'amountFen',
    'case.repayment.amount',
    { kind: 'number', money: true, min: 1, precision: 2 },
    { required: true },
  ),
  field('repaidOn', 'case.repayment.repaidOn', { kind: 'date' }, { required: true }),
  field('note', 'case.repayment.note', { kind: 'textarea', maxLength: 200 }),
];

/** A lawyer's (or operations') case handling: the record, follow-ups and repayments, the status events. */
const processing = detailPage(
  'processing',
  'menu.processing',
  [basics, handling, parties, followUps, repayments, attachments],
  [
    {
      kind: 'api',
      key: 'followUp',
      label: 'case.action.followUp',
      method: 'POST',
      path: '/cases/:id/follow-ups',
      body: 'form',
      form: followUpForm,
      successMessage: 'case.followUpSaved',
      when: { field: 'status', in: ['processing', 'suspended', 'closed'] },
    },
    {
      kind: 'api',
      key: 'repayment',
      label: 'case.action.repayment',
      method: 'POST',
      path: '/cases/:id/repayments',
      body: 'form',
      form: repaymentForm,
      successMessage: 'case.repaymentSaved',
      when: { field: 'status', in: ['processing', 'suspended', 'closed'] },
    },
    ...transitions('TAKE', 'SUSPEND', 'RESUME', 'CLOSE', 'RELEASE'),
  ],
);

/** Editing a case; the form sends back the version it loaded (409 when someone saved first). */
const caseEdit: FormPage = {
  schemaVersion: v,
  id: 'case-edit',
  type: 'form',
  title: 'menu.caseEdit',
  source: { path: '/cases/:id' },
  layout: 'vertical',
  columns: 2,
  fields: [
    field(
      'title',
      'case.title',
      { kind: 'input', maxLength: 100 },
      { required: true, minLength: 2, span: 24 },
    ),
    field('type', 'case.type', { kind: 'select', enum: 'caseType' }, { required: true }),
    field('regionCode', 'case.region', { kind: 'region', depth: 2 }, { required: true }),
    field('debtorName', 'case.debtorName', { kind: 'input', maxLength: 60 }, { required: true }),
    field('clientName', 'case.clientName', { kind: 'input', maxLength: 60 }, { required: true }),
    field(
      'amountFen',
      'case.amount',
      { kind: 'number', money: true, min: 0, precision: 2 },
      { required: true },
    ),
    field('entrustExpiresOn', 'case.entrustExpiresOn', { kind: 'date' }, { required: true }),
    field('court', 'case.court', { kind: 'input', maxLength: 100 }),
    field('courtSessionAt', 'case.courtSessionAt', { kind: 'datetime' }),
    field('description', 'case.description', { kind: 'textarea', maxLength: 2000 }, { span: 24 }),
    // Each file is stored as soon as it is chosen (and removed after a confirmation), not on submit.
    field(
      'attachments',
      'case.section.attachments',
      {
        kind: 'upload',
        path: '/cases/:id/attachments',
        accept: ATTACHMENT_ACCEPT,
        maxSizeMb: 20,
        removable: true,
      },
      { span: 24 },
    ),
  ],
  submit: {
    method: 'PUT',
    path: '/cases/:id',
    successMessage: 'case.saved',
    afterSuccess: '/list/case-detail/:id',
  },
};

/** The full record, in tabs. */
const caseDetails: TabsPage = {
  schemaVersion: v,
  id: 'case-details',
  type: 'tabs',
  title: 'menu.caseDetails',
  tabs: [
    {
      key: 'overview',
      title: 'case.tab.overview',
      page: detailPage(
        'case-details-overview',
        'case.tab.overview',
        [basics, parties, handling, attachments],
        [],
      ),
    },
    {
      key: 'payments',
      title: 'case.tab.payments',
      page: detailPage('case-details-payments', 'case.tab.payments', [followUps, repayments], []),
    },
    {
      key: 'history',
      title: 'case.tab.history',
      page: detailPage('case-details-history', 'case.tab.history', [pushes, auditTrail], []),
    },
  ],
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
      optionsFrom: { path: '/register/lawfirms', value: 'id', label: 'name' },
    }),
    field('pushStatus', 'case.push.status', { kind: 'select', enum: 'pushStatus' }),
  ],
  columns: [
    caseNoLink('/list/case-detail/:caseId'),
    col('caseTitle', 'case.title', { width: 260 }),
    col('lawFirmName', 'case.push.lawFirm'),
    col('pushStatus', 'case.push.status', { widget: 'status', enum: 'pushStatus' }),
    col('pushedAt', 'case.push.pushedAt', { widget: 'datetime' }),
    col('operatorName', 'case.push.operator'),
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
    caseNoLink('/list/case-detail/:caseId'),
    col('caseTitle', 'case.title', { width: 240 }),
    col('lawyerName', 'case.lawyer'),
    col('followedAt', 'case.followUp.followedAt', { widget: 'datetime' }),
    col('paymentStatus', 'case.followUp.paymentStatus', { widget: 'status', enum: 'paymentStatus' }),
    col('note', 'case.followUp.note', { width: 260 }),
    col('operatorName', 'case.followUp.operator'),
  ],
  rowActions: [go('process', 'case.action.process', '/case/processing/:caseId')],
  toolbar: [],
  bulkActions: [],
  pageSize: 20,
};

export const casePages: PageDescriptor[] = [
  searchTable,
  caseNode,
  caseDetail,
  caseEdit,
  caseDetails,
  caseReview,
  pushManage,
  renewalFollow,
  processing,
  casePool,
  myCases,
  statisticsCaseNode,
];
