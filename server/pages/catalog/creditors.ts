import type {
  ActionDescriptor,
  DashboardPage,
  FieldDescriptor,
  PageDescriptor,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION, type TablePage } from '../../../contract/pages/descriptor';
import { col, field, go, keyword, stat, table } from './builders';

/**
 * 委托方管理 (creditors: list, add, edit with fee rates per firm), 委托批次 (batches with filters)
 * and a batch's page (its figures and charts: recovery by week, cases by status, by firm).
 * server/creditors/ answers them.
 */

const creditorForm: FieldDescriptor[] = [
  field('name', 'creditor.name', { kind: 'input', maxLength: 60 }, { required: true, span: 12 }),
  field('creditCode', 'creditor.creditCode', { kind: 'input', maxLength: 18 }, { required: true, span: 12 }),
  field(
    'contactName',
    'creditor.contactName',
    { kind: 'input', maxLength: 30 },
    { required: true, span: 12 },
  ),
  field(
    'contactPhone',
    'creditor.contactPhone',
    { kind: 'input', maxLength: 11 },
    { required: true, span: 12 },
  ),
  field(
    'reductionMaxPercent',
    'creditor.reductionMaxPercent',
    { kind: 'number', min: 0, max: 100, precision: 0 },
    { span: 12, placeholder: 'creditor.reductionDefault' },
  ),
  field(
    'feeRates',
    'creditor.feeRates',
    { kind: 'feeRates', firmsFrom: { path: '/lawfirms/options', value: 'id', label: 'name' } },
    { span: 24 },
  ),
];

const addCreditor: ActionDescriptor = {
  kind: 'api',
  key: 'addCreditor',
  label: 'creditor.action.add',
  method: 'POST',
  path: '/creditors',
  body: 'form',
  form: creditorForm,
  successMessage: 'creditor.saved',
  access: 'creditors.manage',
};

const editCreditor: ActionDescriptor = {
  kind: 'api',
  key: 'editCreditor',
  label: 'creditor.action.edit',
  method: 'PUT',
  path: '/creditors/:id',
  body: 'form',
  form: creditorForm,
  successMessage: 'creditor.saved',
  access: 'creditors.manage',
};

const creditors = table({
  id: 'creditors',
  title: 'menu.creditors',
  source: { path: '/creditors' },
  filters: [keyword('creditor.keyword', 'creditor.keywordPlaceholder')],
  columns: [
    col('name', 'creditor.name', { width: 220 }),
    col('creditCode', 'creditor.creditCode', { width: 190 }),
    col('contactName', 'creditor.contactName', { width: 100 }),
    col('contactPhone', 'creditor.contactPhone', { width: 130 }),
    col('batches', 'creditor.batches', { widget: 'number', width: 80 }),
    col('cases', 'creditor.cases', { widget: 'number', width: 90 }),
    col('claimedFen', 'batch.claimed', { widget: 'money', width: 150 }),
    col('repaidFen', 'batch.repaid', { widget: 'money', width: 140 }),
    col('reductionMaxPercent', 'creditor.reductionMaxPercent', { widget: 'number', width: 110 }),
  ],
  rowActions: [editCreditor, go('batches', 'creditor.action.batches', '/list/batches?creditorId=:id')],
  toolbar: [addCreditor],
  bulkActions: [],
});

const batches = table({
  id: 'batches',
  title: 'menu.batches',
  source: { path: '/batches' },
  filters: [
    keyword('batch.keyword', 'batch.keywordPlaceholder'),
    field('creditorId', 'batch.creditor', {
      kind: 'select',
      optionsFrom: { path: '/creditors?pageSize=100', value: 'id', label: 'name' },
    }),
    field('entrusted', 'batch.entrustedOn', { kind: 'dateRange' }),
  ],
  columns: [
    col('batchNo', 'batch.batchNo', { width: 170 }),
    col('creditorName', 'batch.creditor', { width: 220 }),
    col('entrustedOn', 'batch.entrustedOn', { widget: 'date', width: 110 }),
    col('cases', 'batch.cases', { widget: 'number', width: 90 }),
    col('claimedFen', 'batch.claimed', { widget: 'money', width: 150 }),
    col('repaidFen', 'batch.repaid', { widget: 'money', width: 140 }),
    col('outstandingFen', 'batch.outstanding', { widget: 'money', width: 150 }),
    col('recoveryRate', 'batch.recoveryRate', { widget: 'percent', width: 100 }),
  ],
  rowActions: [
    go('open', 'batch.action.open', '/list/batch-detail/:id'),
    { kind: 'export', key: 'report', label: 'batch.action.report', path: '/batches/:id/report' },
  ],
  toolbar: [],
  bulkActions: [],
});

const batchDetail: DashboardPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'batch-detail',
  type: 'dashboard',
  title: 'menu.batchDetail',
  source: { path: '/batches/:id' },
  blocks: [
    stat('batch.cases', 'cases', 'file', 6),
    stat('batch.claimed', 'claimedFen', 'bank', 6, 'money'),
    stat('batch.repaid', 'repaidFen', 'wallet', 6, 'money'),
    stat('batch.recoveryRate', 'recoveryRate', 'trophy', 6, 'percent'),
    {
      kind: 'chart',
      title: 'batch.chart.byWeek',
      chart: 'column',
      field: 'repaidByWeek',
      x: 'week',
      y: 'repaidFen',
      span: 24,
      height: 280,
    },
    {
      kind: 'chart',
      title: 'batch.chart.byStatus',
      chart: 'donut',
      field: 'byStatus',
      x: 'key',
      y: 'cases',
      enum: 'caseStatus',
      span: 12,
      height: 300,
    },
    {
      kind: 'chart',
      title: 'batch.chart.byFirm',
      chart: 'bar',
      field: 'byFirm',
      x: 'lawFirmName',
      y: 'cases',
      span: 12,
      height: 300,
    },
  ],
};

/** 律所结算: each firm's fee for a month (a firm's contact person: their own), an .xlsx per firm. */
const settlements: TablePage = {
  schemaVersion: SCHEMA_VERSION,
  type: 'table',
  id: 'settlements',
  title: 'menu.settlements',
  source: { path: '/settlements' },
  rowKey: 'lawFirmId',
  pageSize: 100,
  filters: [
    field(
      'month',
      'settlement.monthLabel',
      { kind: 'input', maxLength: 7 },
      { placeholder: 'settlement.monthPlaceholder' },
    ),
  ],
  columns: [
    col('lawFirmName', 'settlement.firm', { width: 260 }),
    col('recoveredFen', 'settlement.recovered', { widget: 'money', width: 160 }),
    col('feeFen', 'settlement.fee', { widget: 'money', width: 160 }),
  ],
  rowActions: [
    {
      kind: 'export',
      key: 'settlementXlsx',
      label: 'settlement.action.export',
      path: '/settlements/:lawFirmId/export',
    },
  ],
  toolbar: [],
  bulkActions: [],
};

export const creditorPages: PageDescriptor[] = [creditors, batches, batchDetail, settlements];
