import { LETTER_EXTRA_MAX } from '../../../contract/letters';
import type { BuiltinPage, PageDescriptor } from '../../../contract/pages/descriptor';
import { SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { col, field, table } from './builders';
import { review } from './firms';

/**
 * A lawyer's own letters (server/letters/) and the review of real-name certifications
 * (server/certifications/). The letter review page itself is written by hand
 * (src/pages/letters/LetterReview.tsx): it shows the letter's PDF beside the decision.
 */

/** The lawyer's letters: each with its case and outcome; one sent back is rewritten and sent in again. */
const myLetters = table({
  id: 'my-letters',
  title: 'menu.myLetters',
  source: { path: '/letters' },
  filters: [
    field(
      'keyword',
      'firm.keyword',
      { kind: 'input', maxLength: 60 },
      { placeholder: 'firm.letter.keywordPlaceholder' },
    ),
    field('status', 'firm.letter.status', { kind: 'select', enum: 'letterStatus', multiple: true }),
  ],
  columns: [
    col('letterNo', 'firm.letter.letterNo', { fixed: 'left', width: 170 }),
    col('template', 'letter.template', { widget: 'enum', enum: 'letterTemplate', width: 120 }),
    col('caseNo', 'firm.letter.caseNo', { widget: 'link', link: '/case/processing/:caseId', width: 150 }),
    col('status', 'firm.letter.status', { widget: 'status', enum: 'letterStatus', width: 100 }),
    col('submittedAt', 'firm.letter.submittedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', sortable: true, width: 170 }),
    col('reason', 'firm.letter.returnReason', { width: 220 }),
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
    field(
      'keyword',
      'firm.keyword',
      { kind: 'input', maxLength: 60 },
      { placeholder: 'certification.keywordPlaceholder' },
    ),
    field('status', 'certification.status', { kind: 'select', enum: 'certificationStatus', multiple: true }),
  ],
  columns: [
    col('enterpriseName', 'certification.enterpriseName', { fixed: 'left', width: 200 }),
    col('creditCode', 'certification.creditCode', { width: 190 }),
    col('legalPersonName', 'certification.legalPersonName', { width: 100 }),
    col('legalPersonIdNumber', 'certification.legalPersonIdNumber', { width: 190 }),
    col('applicantName', 'certification.applicant', { width: 100 }),
    col('applicantPhone', 'certification.applicantPhone', { widget: 'phone', width: 130 }),
    col('submittedAt', 'certification.submittedAt', { widget: 'datetime', width: 170 }),
    col('status', 'certification.status', { widget: 'status', enum: 'certificationStatus', width: 100 }),
    col('reviewerName', 'firm.reviewer', { width: 100 }),
    col('reviewedAt', 'firm.reviewedAt', { widget: 'datetime', width: 170 }),
    col('reason', 'firm.reviewReason', { width: 200 }),
  ],
  rowActions: [
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
  component: 'LetterReview',
};

export const letterPages: PageDescriptor[] = [myLetters, certificationReview, letterReview];
