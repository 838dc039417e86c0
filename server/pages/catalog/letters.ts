import { LETTER_EXTRA_MAX } from '../../../contract/letters';
import type { BuiltinPageComponent } from '../../../contract/pages/builtins';
import type {
  ActionDescriptor,
  BuiltinPage,
  FieldDescriptor,
  PageDescriptor,
  TabsPage,
} from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field, go, keyword, table } from './builders';
import { firmOptions, review } from './reviews';

/**
 * A lawyer's own letters (server/letters/), their review by operations (stamp returns, the
 * review queue) and the review of real-name certifications (server/certifications/). The
 * letter review page itself is written by hand (src/pages/letters/LetterReview.tsx): it shows
 * the letter's PDF beside the decision.
 */

/** The lawyer's letters: each with its case and outcome; one sent back is rewritten and sent in again. */
const myLetters = table({
  id: 'my-letters',
  title: 'menu.myLetters',
  source: { path: '/letters' },
  filters: [
    keyword('firm.keyword', 'firm.letter.keywordPlaceholder'),
    field('status', 'firm.letter.status', { kind: 'select', enum: 'letterStatus', multiple: true }),
  ],
  columns: [
    col('letterNo', 'firm.letter.letterNo', { fixed: 'left', width: 160 }),
    col('template', 'letter.template', { widget: 'enum', enum: 'letterTemplate', width: 120 }),
    col('caseNo', 'firm.letter.caseNo', { widget: 'link', link: '/case/processing/:caseId', width: 150 }),
    col('status', 'firm.letter.status', { widget: 'status', enum: 'letterStatus', width: 100 }),
    col('submittedAt', 'firm.letter.submittedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('reviewedAt', 'firm.reviewedAt', {
      widget: 'datetime',
      sortable: true,
      width: 170,
      defaultHidden: true,
    }),
    col('reason', 'firm.letter.returnReason', { width: 160 }),
  ],
  rowActions: [
    {
      kind: 'export',
      key: 'pdf',
      label: 'letter.action.pdf',
      path: '/letters/:id/pdf',
      when: { field: 'written', in: [true] },
    },
    {
      kind: 'api',
      key: 'resubmit',
      label: 'firm.action.resubmit',
      method: 'POST',
      path: '/letters/:id/resubmit',
      body: 'form',
      form: [
        field(
          'extra',
          'letter.extra',
          { kind: 'textarea', maxLength: LETTER_EXTRA_MAX },
          { placeholder: 'letter.extraResubmitPlaceholder' },
        ),
        field('note', 'firm.letter.note', { kind: 'textarea', maxLength: 200 }),
      ],
      sendVersion: true,
      successMessage: 'firm.letter.resubmitted',
      when: { field: 'status', in: ['rejected'] },
    },
  ],
  toolbar: [],
  bulkActions: [],
  defaultSort: { field: 'submittedAt', order: 'descend' },
});

/** Real-name certification review: applications, under review first by default filter. */
const certificationReview = table({
  id: 'certification-review',
  title: 'menu.certificationReview',
  source: { path: '/certifications' },
  filters: [
    keyword('firm.keyword', 'certification.keywordPlaceholder'),
    field('status', 'certification.status', { kind: 'select', enum: 'certificationStatus', multiple: true }),
  ],
  columns: [
    col('enterpriseName', 'certification.enterpriseName', { fixed: 'left', width: 200 }),
    // Where each application stands (and why one was rejected) beside its name, on screen at 1366.
    col('status', 'certification.status', {
      widget: 'status',
      enum: 'certificationStatus',
      width: 100,
      note: 'reason',
    }),
    col('creditCode', 'certification.creditCode', { width: 190 }),
    col('legalPersonName', 'certification.legalPersonName', { width: 100, defaultHidden: true }),
    col('legalPersonIdNumber', 'certification.legalPersonIdNumber', { width: 190, defaultHidden: true }),
    col('applicantName', 'certification.applicant', { width: 100 }),
    col('applicantPhone', 'certification.applicantPhone', {
      widget: 'phone',
      width: 130,
      defaultHidden: true,
    }),
    col('licenceNo', 'certification.licenceNo', { width: 170 }),
    col('licenceFile.name', 'certification.licenceFile', { width: 160, defaultHidden: true }),
    col('submittedAt', 'certification.submittedAt', { widget: 'datetime', width: 170 }),
    col('reviewerName', 'firm.reviewer', { width: 100, defaultHidden: true }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', width: 170, defaultHidden: true }),
    col('reason', 'firm.reviewReason', { width: 200, defaultHidden: true }),
  ],
  rowActions: [
    // The licence image the applicant uploaded, opened with the reviewer's session (the server
    // serves it to reviewers and its applicant only).
    {
      kind: 'export',
      key: 'licenceFile',
      label: 'certification.action.licenceFile',
      path: '/certifications/:id/licence-file',
      when: { field: 'hasLicenceFile', in: [true] },
    },
    review('/certifications/:id/review', 'certificationStatus', { field: 'status', in: ['auditing'] }),
  ],
  toolbar: [],
  bulkActions: [],
});

const letterReview: BuiltinPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'letter-review',
  type: 'builtin',
  title: 'menu.letterReview',
  component: 'LetterReview' satisfies BuiltinPageComponent,
};

// Letter review (operations): stamp returns and the review queue ------------------------------

const letterFilters: FieldDescriptor[] = [
  keyword('firm.keyword', 'firm.letter.keywordPlaceholder'),
  firmOptions(),
  field('submitted', 'firm.letter.submittedAt', { kind: 'dateRange' }),
];
// A letter's number (LF20261118-000153) on one line.
const letterNo = col('letterNo', 'firm.letter.letterNo', { fixed: 'left', width: 170 });
const letterTitle = col('title', 'firm.letter.title', { width: 170 });
const letterFirm = col('lawFirmName', 'firm.lawFirm', { width: 170 });
const letterCase = col('caseNo', 'firm.letter.caseNo', {
  widget: 'link',
  link: '/list/case-detail/:caseId',
  width: 140,
  access: 'cases.manage',
});
const submittedAt = col('submittedAt', 'firm.letter.submittedAt', {
  widget: 'datetime',
  sortable: true,
  width: 170,
});
const resubmissions = col('resubmissions', 'firm.letter.resubmissions', { widget: 'number', width: 100 });

/** Stamp returns: letters sent back for re-stamping; once stamped again they go back for review. */
const sendBack = table({
  id: 'send-back',
  title: 'menu.sendBack',
  source: { path: '/letters/sent-back' },
  filters: letterFilters,
  columns: [
    letterNo,
    letterTitle,
    letterFirm,
    letterCase,
    col('reason', 'firm.letter.returnReason', { width: 190 }),
    col('reviewerName', 'firm.letter.returnedBy', { width: 100 }),
    // At 1366 x 768 the columns above and the action fit; the times and the count are a tick away
    // in the column settings (the list is newest return first).
    col('reviewedAt', 'firm.letter.returnedAt', {
      widget: 'datetime',
      sortable: true,
      width: 170,
      defaultHidden: true,
    }),
    { ...submittedAt, defaultHidden: true },
    { ...resubmissions, defaultHidden: true },
  ],
  rowActions: [
    {
      kind: 'api',
      key: 'resubmit',
      label: 'firm.action.resubmit',
      method: 'POST',
      path: '/letters/:id/resubmit',
      body: 'form',
      form: [field('note', 'firm.letter.note', { kind: 'textarea', maxLength: 200 })],
      sendVersion: true,
      successMessage: 'firm.letter.resubmitted',
    },
  ],
  toolbar: [],
  bulkActions: [],
  defaultSort: { field: 'reviewedAt', order: 'descend' },
});

/** Letter review: the queue of letters under review (oldest first), and every letter with its outcome. */
const letterAudit: TabsPage = {
  schemaVersion: SCHEMA_VERSION,
  id: 'letter-audit',
  type: 'tabs',
  title: 'menu.letterAudit',
  tabs: [
    {
      key: 'auditing',
      title: 'firm.tab.auditing',
      page: table({
        id: 'letter-audit-queue',
        title: 'firm.tab.auditing',
        source: { path: '/letters/auditing' },
        filters: letterFilters,
        columns: [letterNo, letterTitle, letterFirm, letterCase, submittedAt, resubmissions],
        // The reviewer reads the letter (its PDF) before deciding: server/pages/catalog/letters.ts.
        rowActions: [go('review', 'firm.action.review', '/result/letter-review/:id')],
        toolbar: [],
        bulkActions: [],
        defaultSort: { field: 'submittedAt', order: 'ascend' },
      }),
    },
    {
      key: 'all',
      title: 'firm.tab.allLetters',
      page: table({
        id: 'letter-audit-all',
        title: 'firm.tab.allLetters',
        source: { path: '/letters' },
        filters: [
          ...letterFilters,
          field('status', 'firm.letter.status', { kind: 'select', enum: 'letterStatus', multiple: true }),
        ],
        columns: [
          letterNo,
          letterTitle,
          letterFirm,
          col('status', 'firm.letter.status', { widget: 'status', enum: 'letterStatus', width: 100 }),
          submittedAt,
          col('reviewerName', 'firm.reviewer', { width: 100 }),
          col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', sortable: true, width: 170 }),
          col('reason', 'firm.reviewReason', { width: 200 }),
          resubmissions,
        ],
        // The decision names the version of the letter on the row.
        rowActions: [
          {
            ...review('/letters/:id/review', 'letterStatus', { field: 'status', in: ['auditing'] }),
            sendVersion: true,
          } as ActionDescriptor,
        ],
        toolbar: [],
        bulkActions: [],
        defaultSort: { field: 'submittedAt', order: 'descend' },
      }),
    },
  ],
};

export const letterPages: PageDescriptor[] = [
  myLetters,
  certificationReview,
  letterReview,
  sendBack,
  letterAudit,
];
