import type { AccessRule } from '../../../contract/access';
import type {
  ColumnDescriptor,
  DetailPage,
  FieldDescriptor,
  FormPage,
  PageDescriptor,
  TabsPage,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { positionsTagged } from '../../../machines/caseRules';
import { col, field, go, table } from './builders';
import { transitions } from './case-common';
import { firmOptions, review, suspension } from './reviews';

/**
 * The law-firm and lawyer pages, over server/lawfirms/ and server/lawyers/ (and the case
 * list for a firm's cases); the letter review pages are in letters.ts. The server scopes every list: a
 * contact person gets their own firm's records from the same paths operations use for all.
 */

const v = SCHEMA_VERSION;

// Law firms ------------------------------------------------------------------------------------

const reviewStatusFilter = field('reviewStatus', 'firm.reviewStatus', {
  kind: 'select',
  enum: 'reviewStatus',
  multiple: true,
});
const firmKeyword = field(
  'keyword',
  'firm.keyword',
  { kind: 'input', maxLength: 60 },
  { placeholder: 'firm.keywordPlaceholder' },
);
const reviewStatusColumn = col('reviewStatus', 'firm.reviewStatus', {
  widget: 'status',
  enum: 'reviewStatus',
  width: 100,
});

/** Law-firm review orders: each firm's registration, when it came, who decided and why. */
const orderManage = table({
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
    col('creditCode', 'firm.creditCode', { width: 190 }),
    col('regionCode', 'firm.region', { widget: 'region', width: 150 }),
    col('contactName', 'firm.contactName', { width: 100 }),
    col('contactPhone', 'firm.contactPhone', { widget: 'phone', width: 130 }),
    col('createdAt', 'firm.submittedAt', { widget: 'datetime', sortable: true, width: 170 }),
    reviewStatusColumn,
    col('reviewerName', 'firm.reviewer', { width: 100 }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('reviewReason', 'firm.reviewReason', { width: 220 }),
    col('decisionCount', 'firm.decisionCount', { widget: 'number', width: 110 }),
  ],
  rowActions: [review('/lawfirms/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] })],
  toolbar: [go('accounts', 'firm.action.accounts', '/lawoffice/account-verification')],
  bulkActions: [],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

/** Law-firm review accounts: each firm as an account, with its lawyers and cases; operations pass or reject it. */
const accountVerification = table({
  id: 'account-verification',
  title: 'menu.accountVerification',
  source: { path: '/lawfirms' },
  filters: [firmKeyword, reviewStatusFilter, field('region', 'firm.region', { kind: 'region', depth: 2 })],
  columns: [
    col('name', 'firm.name', { fixed: 'left', width: 200 }),
    col('regionCode', 'firm.region', { widget: 'region', width: 150 }),
    col('address', 'firm.address', { width: 220, defaultHidden: true }),
    col('contactName', 'firm.contactName', { width: 100 }),
    col('contactPhone', 'firm.contactPhone', { widget: 'phone', width: 130 }),
    col('lawyerCount', 'firm.lawyerCount', { widget: 'number', width: 100 }),
    col('auditingLawyerCount', 'firm.auditingLawyerCount', { widget: 'number', width: 110 }),
    col('caseCount', 'firm.caseCount', { widget: 'number', width: 100 }),
    reviewStatusColumn,
    col('reviewReason', 'firm.reviewReason', { width: 200 }),
    col('suspendReason', 'firm.suspension.reasonColumn', { width: 180 }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('createdAt', 'firm.registeredAt', { widget: 'datetime', sortable: true, width: 170 }),
  ],
  // Only an application under review is decided (server/reviews/decision.ts); a firm that passed
  // is suspended instead, and the suspension lifted.
  rowActions: [
    review('/lawfirms/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] }),
    suspension('/lawfirms/:id/suspension'),
  ],
  toolbar: [go('orders', 'firm.action.orders', '/result/order-manage')],
  bulkActions: [],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

// Lawyers --------------------------------------------------------------------------------------

const lawyerFilters: FieldDescriptor[] = [
  field(
    'keyword',
    'firm.keyword',
    { kind: 'input', maxLength: 60 },
    { placeholder: 'firm.lawyer.keywordPlaceholder' },
  ),
  reviewStatusFilter,
  field('created', 'firm.lawyer.createdAt', { kind: 'dateRange' }),
];
const lawyerColumns = (extra: ColumnDescriptor[]): ColumnDescriptor[] => [
  col('name', 'firm.lawyer.name', { fixed: 'left', width: 100 }),
  col('phone', 'firm.lawyer.phone', { widget: 'phone', width: 130 }),
  col('licenceNo', 'firm.lawyer.licenceNo', { width: 170 }),
  ...extra,
  reviewStatusColumn,
  col('reviewReason', 'firm.reviewReason', { width: 200, defaultHidden: true }),
  col('caseCount', 'firm.lawyer.caseCount', { widget: 'number', sortable: true, width: 110 }),
  col('activeCaseCount', 'firm.lawyer.activeCaseCount', { widget: 'number', sortable: true, width: 110 }),
  col('closedCaseCount', 'firm.lawyer.closedCaseCount', { widget: 'number', width: 110 }),
  col('createdAt', 'firm.lawyer.createdAt', { widget: 'datetime', sortable: true, width: 170 }),
];

/** Lawyer follow-up: every lawyer with their firm, review and workload. */
const followUp = table({
  id: 'follow-up',
  title: 'menu.followUp',
  source: { path: '/lawyers' },
  filters: [...lawyerFilters, firmOptions()],
  columns: lawyerColumns([
    col('lawFirmName', 'firm.lawFirm', { width: 200 }),
    col('enabled', 'firm.lawyer.enabled', { widget: 'enum', enum: 'enabled', width: 90 }),
    col('suspendReason', 'firm.suspension.reasonColumn', { width: 180 }),
  ]),
  rowActions: [
    review('/lawyers/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] }),
    suspension('/lawyers/:id/suspension'),
  ],
  toolbar: [],
  bulkActions: [],
  defaultSort: { field: 'activeCaseCount', order: 'descend' },
});

// A firm's own pages ---------------------------------------------------------------------------

const firmDetail: DetailPage = {
  schemaVersion: v,
  id: 'accountfirm-firm',
  type: 'detail',
  title: 'firm.tab.firm',
  source: { path: '/lawfirms/mine' },
  subtitleField: 'name',
  sections: [
    {
      kind: 'descriptions',
      title: 'firm.section.basic',
      columns: 2,
      items: [
        col('name', 'firm.name'),
        col('creditCode', 'firm.creditCode'),
        col('regionCode', 'firm.region', { widget: 'region' }),
        col('address', 'firm.address'),
        col('contactName', 'firm.contactName'),
        col('contactPhone', 'firm.contactPhone', { widget: 'phone' }),
      ],
    },
    {
      kind: 'descriptions',
      title: 'firm.section.review',
      columns: 2,
      items: [
        reviewStatusColumn,
        col('reviewReason', 'firm.reviewReason'),
        col('createdAt', 'firm.registeredAt', { widget: 'datetime' }),
        col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime' }),
      ],
    },
    {
      kind: 'descriptions',
      title: 'firm.section.figures',
      columns: 3,
      items: [
        col('lawyerCount', 'firm.lawyerCount', { widget: 'number' }),
        col('auditingLawyerCount', 'firm.auditingLawyerCount', { widget: 'number' }),
        col('caseCount', 'firm.caseCount', { widget: 'number' }),
      ],
    },
  ],
  actions: [
    go('edit', 'firm.action.edit', '/form/editfirm'),
    go('cases', 'firm.action.cases', '/form/casefirm'),
  ],
};

/** The firm's account: its details (a contact person's own firm) and its lawyers, whom the contact person reviews. */
const accountFirm: TabsPage = {
  schemaVersion: v,
  id: 'accountfirm',
  type: 'tabs',
  title: 'menu.accountfirm',
  tabs: [
    { key: 'firm', title: 'firm.tab.firm', access: 'firm.profile:firm', page: firmDetail },
    {
      key: 'lawyers',
      title: 'firm.tab.lawyers',
      page: table({
        id: 'accountfirm-lawyers',
        title: 'firm.tab.lawyers',
        source: { path: '/lawyers' },
        // A contact person's list is their firm's already; the firm filter is for operations.
        filters: [...lawyerFilters, firmOptions('lawyers.read:all')],
        columns: lawyerColumns([
          col('lawFirmName', 'firm.lawFirm', { width: 200, access: 'lawyers.read:all' }),
        ]),
        rowActions: [
          review('/lawyers/:id/review', 'reviewStatus', { field: 'reviewStatus', in: ['auditing'] }),
        ],
        toolbar: [],
        bulkActions: [],
        defaultSort: { field: 'createdAt', order: 'descend' },
      }),
    },
  ],
};

/** The firm's editable details; the name and credit code were reviewed and are not edited here. */
const editFirmForm: FormPage = {
  schemaVersion: v,
  id: 'editfirm-form',
  type: 'form',
  title: 'menu.editfirm',
  source: { path: '/lawfirms/mine' },
  layout: 'vertical',
  columns: 2,
  fields: [
    field('regionCode', 'firm.region', { kind: 'region', depth: 2 }, { required: true }),
    field(
      'contactName',
      'firm.contactName',
      { kind: 'input', maxLength: 30 },
      { required: true, minLength: 2 },
    ),
    field(
      'contactPhone',
      'firm.contactPhone',
      { kind: 'input', maxLength: 11 },
      { required: true, pattern: 'phone' },
    ),
    field('address', 'firm.address', { kind: 'input', maxLength: 200 }, { span: 24 }),
  ],
  submit: {
    method: 'PUT',
    path: '/lawfirms/mine',
    successMessage: 'firm.saved',
    afterSuccess: '/form/accountfirm',
  },
};

/**
 * Both "own profile" pages edit the signed-in person's own firm or lawyer record; who holds
 * the page's ability over every record (superAdmin) has neither, so their tab says so and
 * points to where firms and lawyers are reviewed, instead of a load error.
 */
const notYourOwn = (
  id: string,
  title: string,
  access: AccessRule,
  hint: string,
  to: string,
): TabsPage['tabs'][number] => ({
  key: 'superAdmin',
  title,
  access,
  page: {
    schemaVersion: v,
    id,
    type: 'result',
    status: 'info',
    title,
    subtitle: hint,
    actions: [go('open', 'firm.ownPage.open', to)],
  },
});

const editFirm: TabsPage = {
  schemaVersion: v,
  id: 'editfirm',
  type: 'tabs',
  title: 'menu.editfirm',
  tabs: [
    { key: 'edit', title: 'menu.editfirm', access: 'firm.profile:firm', page: editFirmForm },
    notYourOwn(
      'editfirm-admin',
      'menu.editfirm',
      'firm.profile:all',
      'firm.ownPage.firmHint',
      '/lawoffice/account-verification',
    ),
  ],
};

/** The firm's cases: the case list, which the server scopes to the contact person's firm. */
const caseFirm = table({
  id: 'casefirm',
  title: 'menu.casefirm',
  source: { path: '/cases' },
  filters: [
    field(
      'keyword',
      'case.keyword',
      { kind: 'input', maxLength: 60 },
      { placeholder: 'case.keywordPlaceholder' },
    ),
    field('status', 'case.status', { kind: 'select', enum: 'caseStatus', multiple: true }),
    // A push waiting for the firm's answer, or accepted and waiting for a lawyer (the machine's `withFirm`).
    field('position', 'case.position', {
      kind: 'select',
      options: positionsTagged('withFirm').map((position) => ({
        value: position,
        label: `enum.casePosition.${position}`,
      })),
    }),
    field('type', 'case.type', { kind: 'select', enum: 'caseType' }),
    field('region', 'case.region', { kind: 'region', depth: 2 }),
    field('amount', 'case.amountRange', { kind: 'moneyRange' }),
    field('created', 'case.createdRange', { kind: 'dateRange' }),
    field('lawyerId', 'case.lawyer', {
      kind: 'select',
      optionsFrom: { path: '/lawyers/options', value: 'id', label: 'name' },
    }),
  ],
  columns: [
    // The case detail route is for case operations: others read the number without a link.
    col('caseNo', 'case.caseNo', {
      widget: 'link',
      link: '/list/case-detail/:id',
      fixed: 'left',
      width: 140,
      access: 'cases.manage',
    }),
    col('caseNo', 'case.caseNo', {
      widget: 'link',
      link: '/form/firm-case/:id',
      fixed: 'left',
      width: 140,
      access: 'firm.cases:firm',
    }),
    col('title', 'case.title', { width: 260 }),
    col('type', 'case.type', { widget: 'enum', enum: 'caseType', width: 90 }),
    col('status', 'case.status', { widget: 'status', enum: 'caseStatus', width: 100 }),
    col('position', 'case.position', { widget: 'enum', enum: 'casePosition', width: 110 }),
    col('debtorName', 'case.debtorName', { width: 120 }),
    col('regionCode', 'case.region', { widget: 'region', width: 160 }),
    col('amountFen', 'case.amount', { widget: 'money', sortable: true, width: 140 }),
    col('lawyerName', 'case.lawyer', { width: 100 }),
    col('lawFirmName', 'case.lawFirm', { width: 180, access: 'firm.cases:all' }),
    col('courtSessionAt', 'case.courtSessionAt', { widget: 'countdown', sortable: true, width: 140 }),
    col('createdAt', 'case.createdAt', { widget: 'datetime', sortable: true, width: 170 }),
  ],
  // The firm answers a push (accept, decline with a reason) and gives the case to one of its
  // lawyers; each shows only when the row's allowed events (the case status machine) list it.
  rowActions: [
    go('view', 'case.action.view', '/list/case-detail/:id', 'cases.manage'),
    go('open', 'case.action.view', '/form/firm-case/:id', 'firm.cases:firm'),
    ...transitions('ACCEPT', 'DECLINE', 'ASSIGN'),
  ],
  toolbar: [{ kind: 'export', key: 'export', label: 'case.action.export', path: '/cases/export' }],
  bulkActions: [
    { kind: 'export', key: 'exportSelected', label: 'case.action.exportSelected', path: '/cases/export' },
  ],
  defaultSort: { field: 'createdAt', order: 'descend' },
});

// A lawyer's own page --------------------------------------------------------------------------

/** The lawyer edits their email and introduction; the licence, firm and review are shown, not edited. */
const editLawyer: TabsPage = {
  schemaVersion: v,
  id: 'editlawyer',
  type: 'tabs',
  title: 'menu.editlawyer',
  tabs: [
    {
      key: 'edit',
      title: 'firm.tab.editLawyer',
      access: 'lawyer.profile:own',
      page: {
        schemaVersion: v,
        id: 'editlawyer-form',
        type: 'form',
        title: 'firm.tab.editLawyer',
        source: { path: '/lawyers/mine' },
        layout: 'vertical',
        columns: 1,
        fields: [
          field('email', 'firm.lawyer.email', { kind: 'input', maxLength: 100 }, { pattern: 'email' }),
          field('introduction', 'firm.lawyer.introduction', { kind: 'textarea', maxLength: 200 }),
        ],
        submit: { method: 'PUT', path: '/lawyers/mine', successMessage: 'firm.saved', afterSuccess: 'stay' },
      },
    },
    {
      key: 'profile',
      title: 'firm.tab.profile',
      access: 'lawyer.profile:own',
      page: {
        schemaVersion: v,
        id: 'editlawyer-profile',
        type: 'detail',
        title: 'firm.tab.profile',
        source: { path: '/lawyers/mine' },
        subtitleField: 'licenceNo',
        sections: [
          {
            kind: 'descriptions',
            title: 'firm.section.basic',
            columns: 2,
            items: [
              col('name', 'firm.lawyer.name'),
              col('licenceNo', 'firm.lawyer.licenceNo'),
              col('lawFirmName', 'firm.lawFirm'),
              col('phone', 'firm.lawyer.phone', { widget: 'phone' }),
              col('email', 'firm.lawyer.email'),
              col('introduction', 'firm.lawyer.introduction'),
            ],
          },
          {
            kind: 'descriptions',
            title: 'firm.section.review',
            columns: 2,
            items: [
              reviewStatusColumn,
              col('reviewReason', 'firm.reviewReason'),
              col('createdAt', 'firm.registeredAt', { widget: 'datetime' }),
              col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime' }),
            ],
          },
          {
            kind: 'descriptions',
            title: 'firm.section.figures',
            columns: 3,
            items: [
              col('caseCount', 'firm.lawyer.caseCount', { widget: 'number' }),
              col('activeCaseCount', 'firm.lawyer.activeCaseCount', { widget: 'number' }),
              col('closedCaseCount', 'firm.lawyer.closedCaseCount', { widget: 'number' }),
            ],
          },
        ],
        actions: [],
      },
    },
    notYourOwn(
      'editlawyer-admin',
      'menu.editlawyer',
      'lawyer.profile:all',
      'firm.ownPage.lawyerHint',
      '/lawoffice/follow-up',
    ),
  ],
};

export const firmPages: PageDescriptor[] = [
  accountFirm,
  caseFirm,
  editFirm,
  editLawyer,
  orderManage,
  accountVerification,
  followUp,
];
