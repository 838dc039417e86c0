import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';

/**
 * Descriptors and answers shaped like the product's case pages, for the renderer tests and
 * the property test. Plain objects, as the server sends them: DescriptorView validates them.
 */

export const caseTable = {
  schemaVersion: SCHEMA_VERSION,
  id: 'search-table',
  type: 'table',
  title: 'fixture.caseList',
  source: { path: '/cases' },
  filters: [
    { name: 'caseNo', label: 'case.caseNo', input: { kind: 'input' } },
    {
      name: 'status',
      label: 'fixture.status',
      input: { kind: 'select', enum: 'caseStatus', multiple: true },
    },
    { name: 'created', label: 'fixture.created', input: { kind: 'dateRange' } },
    { name: 'amount', label: 'fixture.amount', input: { kind: 'moneyRange' } },
  ],
  columns: [
    { field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/list/case-detail/:id' },
    { field: 'title', title: 'case.title' },
    { field: 'status', title: 'fixture.status', widget: 'status', enum: 'caseStatus' },
    { field: 'amountFen', title: 'fixture.amount', widget: 'money', sortable: true },
    { field: 'createdAt', title: 'fixture.created', widget: 'date', sortable: true },
    { field: 'court', title: 'case.court', defaultHidden: true },
  ],
  rowActions: [
    { key: 'view', kind: 'navigate', label: 'common.view', to: '/list/case-detail/:id' },
    { key: 'take', kind: 'transition', label: 'fixture.take', event: 'TAKE' },
    { key: 'suspend', kind: 'transition', label: 'fixture.suspend', event: 'SUSPEND' },
  ],
  toolbar: [{ key: 'export', kind: 'export', label: 'fixture.export', path: '/cases/export' }],
  bulkActions: [
    { key: 'exportSelected', kind: 'export', label: 'fixture.exportSelected', path: '/cases/export' },
    {
      key: 'archive',
      kind: 'api',
      method: 'POST',
      path: '/cases/archive',
      body: 'selection',
      label: 'fixture.archive',
      successMessage: 'fixture.archived',
    },
  ],
  pageSize: 10,
  defaultSort: { field: 'createdAt', order: 'descend' },
};

export function caseRow(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    caseNo: `MS${String(id).padStart(8, '0')}`,
    title: `借款纠纷 ${id}`,
    status: 'pending',
    amountFen: 1234567,
    createdAt: '2026-03-08T02:00:00Z',
    court: '南山区人民法院',
    lawyerId: null,
    lawFirmId: null,
    version: 3,
    allowedEvents: ['TAKE'],
    ...overrides,
  };
}

export const caseForm = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-edit',
  type: 'form',
  title: 'fixture.caseEdit',
  source: { path: '/cases/:id' },
  columns: 2,
  fields: [
    {
      name: 'title',
      label: 'case.title',
      input: { kind: 'input', maxLength: 100 },
      required: true,
      minLength: 2,
    },
    { name: 'caseNo', label: 'case.caseNo', input: { kind: 'input' }, pattern: 'caseNo' },
    {
      name: 'amountFen',
      label: 'fixture.amount',
      input: { kind: 'number', money: true },
      min: 0,
      max: 100000000,
    },
    { name: 'contactPhone', label: 'fixture.phone', input: { kind: 'input' }, pattern: 'phone' },
    { name: 'entrustExpiresOn', label: 'fixture.expires', input: { kind: 'date' } },
    { name: 'description', label: 'fixture.note', input: { kind: 'textarea', maxLength: 50 } },
  ],
  submit: { method: 'PUT', path: '/cases/:id', afterSuccess: '/list/case-detail/:id' },
};

export const caseDetail = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-detail',
  type: 'detail',
  title: 'fixture.caseDetail',
  source: { path: '/cases/:id' },
  subtitleField: 'caseNo',
  sections: [
    {
      kind: 'descriptions',
      title: 'fixture.basic',
      items: [
        { field: 'title', title: 'case.title' },
        { field: 'status', title: 'fixture.status', widget: 'status', enum: 'caseStatus' },
        { field: 'amountFen', title: 'fixture.amount', widget: 'money' },
        { field: 'court', title: 'case.court' },
      ],
    },
    {
      kind: 'table',
      title: 'fixture.repayments',
      field: 'repayments',
      columns: [
        { field: 'repaidOn', title: 'fixture.created', widget: 'date' },
        { field: 'amountFen', title: 'fixture.amount', widget: 'money' },
      ],
    },
    {
      kind: 'timeline',
      title: 'fixture.audit',
      field: 'auditTrail',
      time: 'at',
      content: 'summary',
      label: 'actorName',
    },
  ],
  actions: [
    { key: 'suspend', kind: 'transition', label: 'fixture.suspend', event: 'SUSPEND' },
    { key: 'close', kind: 'transition', label: 'fixture.close', event: 'CLOSE' },
    { key: 'assign', kind: 'transition', label: 'fixture.assign', event: 'ASSIGN' },
    { key: 'reopen', kind: 'transition', label: 'fixture.reopen', event: 'REOPEN' },
    {
      key: 'followUp',
      kind: 'api',
      method: 'POST',
      path: '/cases/:id/follow-ups',
      label: 'fixture.followUp',
      body: 'form',
      form: [
        { name: 'note', label: 'fixture.note', input: { kind: 'textarea', maxLength: 500 }, required: true },
        {
          name: 'paymentStatus',
          label: 'fixture.status',
          input: { kind: 'select', enum: 'paymentStatus' },
          required: true,
        },
      ],
    },
  ],
};

export function caseRecord(overrides: Record<string, unknown> = {}) {
  return {
    ...caseRow(7, { status: 'processing', lawyerId: 3, lawFirmId: 2, allowedEvents: ['SUSPEND', 'CLOSE'] }),
    repayments: [
      { id: 1, repaidOn: '2026-03-01', amountFen: 50000 },
      { id: 2, repaidOn: '2026-03-05', amountFen: 25050 },
    ],
    auditTrail: [
      { id: 1, at: '2026-03-01T01:00:00Z', summary: 'TAKE: pending -> processing', actorName: '王律师' },
      { id: 2, at: '2026-03-02T01:00:00Z', summary: 'edited the title', actorName: '李运营' },
    ],
    ...overrides,
  };
}

/** One field of every input kind, for the property test and the input checks. */
export const everyInputField = [
  { name: 'text', label: 'fixture.note', input: { kind: 'input', maxLength: 20 }, pattern: 'phone' },
  { name: 'secret', label: 'fixture.note', input: { kind: 'password' }, pattern: 'password' },
  { name: 'note', label: 'fixture.note', input: { kind: 'textarea', maxLength: 50 }, required: true },
  { name: 'amountFen', label: 'fixture.amount', input: { kind: 'number', money: true }, min: 0 },
  { name: 'count', label: 'fixture.amount', input: { kind: 'number', min: 0, max: 9, precision: 0 } },
  { name: 'status', label: 'fixture.status', input: { kind: 'select', enum: 'caseStatus', multiple: true } },
  {
    name: 'type',
    label: 'fixture.type',
    input: { kind: 'select', options: [{ value: 1, label: 'common.yes' }] },
  },
  {
    name: 'lawyerId',
    label: 'fixture.lawyer',
    input: { kind: 'select', optionsFrom: { path: '/lawyers/options', value: 'id', label: 'name' } },
  },
  { name: 'expires', label: 'fixture.expires', input: { kind: 'date' } },
  { name: 'session', label: 'fixture.session', input: { kind: 'datetime' } },
  { name: 'created', label: 'fixture.created', input: { kind: 'dateRange' } },
  { name: 'amount', label: 'fixture.amount', input: { kind: 'moneyRange' } },
  { name: 'region', label: 'fixture.region', input: { kind: 'region', depth: 3 } },
  { name: 'urgent', label: 'fixture.urgent', input: { kind: 'switch' } },
  { name: 'files', label: 'fixture.files', input: { kind: 'upload', path: '/cases/:id/attachments' } },
  { name: 'more', label: 'fixture.files', input: { kind: 'upload' } },
];

export const everyInputForm = { ...caseForm, id: 'every-input', columns: 3, fields: everyInputField };
export const everyFilterTable = {
  ...caseTable,
  id: 'every-filter',
  filters: everyInputField.filter((f) => f.input.kind !== 'upload'),
};
