import { LETTER_EXTRA_MAX } from '../../../contract/letters';
import type { FieldDescriptor } from '../../../contract/pages/descriptor';
import { field } from './builders';

/** The small forms of 案件处理's actions (case-record.ts): a follow-up and a letter (the repayment's is case-ledger.ts). */

export const followUpForm: FieldDescriptor[] = [
  field(
    'paymentStatus',
    'case.followUp.paymentStatus',
    { kind: 'select', enum: 'paymentStatus' },
    { required: true },
  ),
  field('note', 'case.followUp.note', { kind: 'textarea', maxLength: 500 }, { required: true }),
];
/** A lawyer's letter for the case: a template, and a paragraph of their own (server/letters/). */
export const letterForm: FieldDescriptor[] = [
  field('template', 'letter.template', { kind: 'select', enum: 'letterTemplate' }, { required: true }),
  field(
    'extra',
    'letter.extra',
    { kind: 'textarea', maxLength: LETTER_EXTRA_MAX },
    { placeholder: 'letter.extraPlaceholder' },
  ),
];
