import { ATTACHMENT_ACCEPT } from '../../../contract/attachments';
import {
  type ActionDescriptor,
  type DetailPage,
  type FormPage,
  type PageDescriptor,
  SCHEMA_VERSION,
  type TabsPage,
} from '../../../contract/pages/descriptor';
import { col, field, go, mayDo } from './builders';
import { transitions } from './case-common';
import { contactActions, contactLog, contactsTab, contactWindow } from './case-contacts';
import { followUpForm, letterForm } from './case-forms';
import {
  allocationOrder,
  allocationOrderAction,
  chargeAction,
  claimPartFields,
  ledgerEntries,
  ledgerEntriesToRead,
  ledgerParts,
  repaymentAction,
  repayments,
} from './case-ledger';
import { partyList, partyListEditable } from './case-parties';
import { agreementDownload, planSections, proposePlanAction } from './plans';

/**
 * The pages about one case, over GET/PUT /api/cases/:id and its sub-resources: the detail,
 * the review, a lawyer's processing page, the edit form and the full record in tabs. The
 * lists and statistics of cases are in cases.ts.
 */

const v = SCHEMA_VERSION;

// The detail sections, shared by the detail, review, processing and full-record pages.
const basics: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'case.section.basic',
  columns: 3,
  items: [
    col('caseNo', 'case.caseNo'),
    col('title', 'case.title'),
    col('type', 'case.type', { widget: 'enum', enum: 'caseType' }),
    // The record shows the result and the return reason as items of their own: no notes here.
    col('status', 'case.status', { widget: 'status', enum: 'caseStatus' }),
    col('position', 'case.position', { widget: 'enum', enum: 'casePosition' }),
    col('stage', 'case.stage', { widget: 'enum', enum: 'caseStage' }),
    col('closeResult', 'case.closeResult', { widget: 'enum', enum: 'closeResult' }),
    col('suspendReason', 'case.suspendReason'),
    col('returnReason', 'case.returnReason'),
    col('amountFen', 'case.amount', { widget: 'money' }),
    col('repaidFen', 'case.repaidFen', { widget: 'money' }),
    col('outstandingFen', 'case.outstandingFen', { widget: 'money' }),
    col('regionCode', 'case.region', { widget: 'region' }),
    col('entrustExpiresOn', 'case.entrustExpiresOn', { widget: 'date' }),
    col('loanNo', 'case.loanNo'),
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
const download: ActionDescriptor = {
  kind: 'export',
  key: 'download',
  label: 'case.attachment.download',
  path: '/cases/:caseId/attachments/:id',
};
const attachmentColumns = [
  col('name', 'case.attachment.name'),
  col('size', 'case.attachment.size', { widget: 'fileSize' }),
  col('uploadedBy', 'case.attachment.uploadedBy'),
  col('createdAt', 'case.attachment.createdAt', { widget: 'datetime' }),
];
/** Attachments on the read-only pages (a firm's view, business operations' record): download only. */
const attachmentsToRead: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.attachments',
  field: 'attachments',
  columns: attachmentColumns,
  rowActions: [download],
};
const attachments: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.attachments',
  field: 'attachments',
  columns: attachmentColumns,
  rowActions: [
    download,
    {
      kind: 'api',
      key: 'remove',
      label: 'case.attachment.remove',
      method: 'DELETE',
      path: '/cases/:caseId/attachments/:id',
      confirm: 'case.attachment.confirmRemove',
      successMessage: 'case.attachment.removed',
      danger: true,
      access: 'cases.edit',
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
const pushes: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.pushes',
  field: 'pushes',
  columns: [
    col('lawFirmName', 'case.push.lawFirm'),
    col('pushStatus', 'case.push.status', { widget: 'status', enum: 'pushStatus' }),
    col('pushedAt', 'case.push.pushedAt', { widget: 'datetime' }),
    col('answeredAt', 'case.push.answeredAt', { widget: 'datetime' }),
    col('reason', 'case.push.reason'),
    col('operatorName', 'case.push.operator'),
  ],
};
// The status change and its reason in the reader's language; the stored summary is plain text
// for whoever reads the database (server/audit/audit.ts), not for screens.
const auditTrail: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.audit',
  field: 'auditTrail',
  columns: [
    col('at', 'case.audit.at', { widget: 'datetime' }),
    col('actionLabel', 'case.audit.action'),
    col('detail', 'case.audit.summary'),
    col('reason', 'case.audit.reason'),
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
  [basics, parties, partyListEditable, handling, attachments, followUps, repayments, pushes, auditTrail],
  [
    go('edit', 'case.action.edit', '/list/case-edit/:id', 'cases.edit'),
    go('details', 'case.action.details', '/list/case-details/:id'),
    // Review is for cases awaiting it (new, or returned and edited).
    {
      ...go('review', 'case.action.review', '/list/bussinessAudit/:id', 'cases.review'),
      when: mayDo('review'),
    },
    ...transitions('PUSH', 'ASSIGN', 'RELEASE', 'SUSPEND', 'RESUME', 'CLOSE', 'REOPEN'),
  ],
);

/** Case review: the record, where it was pushed and what happened, and the operations' decisions. */
const caseReview = detailPage(
  'bussiness-audit',
  'menu.bussinessAudit',
  [basics, handling, parties, partyListEditable, attachments, pushes, auditTrail],
  [go('edit', 'case.action.edit', '/list/case-edit/:id', 'cases.edit'), ...transitions('APPROVE', 'RETURN')],
);

/** A lawyer's (or operations') case handling: the record, follow-ups and repayments, the status events. */
const processing = detailPage(
  'processing',
  'menu.processing',
  [
    basics,
    handling,
    parties,
    partyListEditable,
    contactWindow,
    contactLog,
    ledgerParts,
    allocationOrder,
    ledgerEntries,
    ...planSections,
    followUps,
    attachments,
  ],
  [
    ...contactActions,
    {
      kind: 'api',
      key: 'followUp',
      label: 'case.action.followUp',
      method: 'POST',
      path: '/cases/:id/follow-ups',
      body: 'form',
      form: followUpForm,
      successMessage: 'case.followUpSaved',
      when: mayDo('followUp'),
    },
    repaymentAction,
    chargeAction,
    allocationOrderAction,
    proposePlanAction,
    {
      kind: 'api',
      key: 'writeLetter',
      label: 'letter.action.write',
      access: 'letters.write',
      method: 'POST',
      path: '/cases/:id/letters',
      body: 'form',
      form: letterForm,
      successMessage: 'letter.written',
      when: mayDo('writeLetter'),
    },
    agreementDownload,
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
    // The claim as its parts; the amount is their sum (the server derives it), editable until approval.
    ...claimPartFields,
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
        [basics, parties, partyList, handling, attachments],
        [],
      ),
    },
    {
      key: 'payments',
      title: 'case.tab.payments',
      page: detailPage(
        'case-details-payments',
        'case.tab.payments',
        [ledgerParts, allocationOrder, ledgerEntries, ...planSections, followUps],
        [allocationOrderAction, agreementDownload],
      ),
    },
    contactsTab('case-details-contacts'),
    {
      key: 'history',
      title: 'case.tab.history',
      page: detailPage('case-details-history', 'case.tab.history', [pushes, auditTrail], []),
    },
  ],
};

/**
 * Business operations' view of a case's whole record, read-only: the same tabs as the full
 * record, with no edit, removal or status action (the server would refuse them anyway).
 */
const caseRecord: TabsPage = {
  schemaVersion: v,
  id: 'case-record',
  type: 'tabs',
  title: 'menu.caseRecord',
  tabs: [
    {
      key: 'overview',
      title: 'case.tab.overview',
      page: detailPage(
        'case-record-overview',
        'case.tab.overview',
        [basics, parties, partyList, handling, attachmentsToRead],
        [],
      ),
    },
    {
      key: 'payments',
      title: 'case.tab.payments',
      page: detailPage(
        'case-record-payments',
        'case.tab.payments',
        [ledgerParts, allocationOrder, ledgerEntriesToRead, ...planSections, followUps],
        [agreementDownload],
      ),
    },
    contactsTab('case-record-contacts'),
    {
      key: 'history',
      title: 'case.tab.history',
      page: detailPage('case-record-history', 'case.tab.history', [pushes, auditTrail], []),
    },
  ],
};

/**
 * A case as its firm's contact person sees it (the server sends only the firm's cases): the
 * record, where it was pushed, and the firm's answers: accept or decline a push, assign one
 * of the firm's lawyers.
 */
const firmCase = detailPage(
  'firm-case',
  'menu.firmCase',
  [basics, parties, partyList, handling, attachmentsToRead, pushes],
  transitions('ACCEPT', 'DECLINE', 'ASSIGN'),
);

export const caseRecordPages: PageDescriptor[] = [
  caseDetail,
  caseEdit,
  caseDetails,
  caseReview,
  processing,
  caseRecord,
  firmCase,
];
