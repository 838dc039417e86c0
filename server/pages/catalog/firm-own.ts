import type { AccessRule } from '../../../contract/access';
import type { DetailPage, FormPage, TabsPage } from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { positionsTagged } from '../../../machines/caseRules';
import { col, field, go, table } from './builders';
import { transitions } from './case-common';
import { lawyerColumns, lawyerFilters } from './firm-reviews';
import { firmOptions, review } from './reviews';

/**
 * A firm's own pages: its account (details and its lawyers, whom the contact person reviews),
 * its editable details and its cases; the server scopes each to the contact person's firm.
 */

const v = SCHEMA_VERSION;

/** One's own review, as a firm's contact person or a lawyer reads it (also lawyer-own.ts). */
export const ownReviewSection: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'firm.section.review',
  columns: 2,
  items: [
    col('reviewStatus', 'firm.reviewStatus', { widget: 'status', enum: 'reviewStatus', width: 100 }),
    col('reviewReason', 'firm.reviewReason'),
    col('createdAt', 'firm.registeredAt', { widget: 'datetime' }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime' }),
  ],
};

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
    ownReviewSection,
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
export const accountFirm: TabsPage = {
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
export const notYourOwn = (
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

export const editFirm: TabsPage = {
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
export const caseFirm = table({
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
    col('type', 'case.type', { widget: 'enum', enum: 'caseType', width: 90, defaultHidden: true }),
    col('status', 'case.status', { widget: 'status', enum: 'caseStatus', width: 100 }),
    col('position', 'case.position', { widget: 'enum', enum: 'casePosition', width: 110 }),
    col('debtorName', 'case.debtorName', { width: 120, defaultHidden: true }),
    col('regionCode', 'case.region', { widget: 'region', width: 160, defaultHidden: true }),
    col('amountFen', 'case.amount', { widget: 'money', sortable: true, width: 140 }),
    col('lawyerName', 'case.lawyer', { width: 100 }),
    col('lawFirmName', 'case.lawFirm', { width: 180, access: 'firm.cases:all' }),
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
