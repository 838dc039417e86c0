import type { AccessRule } from '../../../contract/access';
import type { ActionDescriptor, FieldDescriptor } from '../../../contract/pages/descriptor';
import { field } from './builders';

/**
 * What the review pages share (firm-reviews.ts, firm-own.ts, letters.ts): the review action of a row, and the
 * filter that picks one law firm.
 */

// Reviews: one action asks the decision and, for a rejection, the reason (the server requires it).
type DecisionEnum = 'reviewStatus' | 'letterStatus' | 'certificationStatus';
const decision = (enumName: DecisionEnum): FieldDescriptor[] => [
  field(
    'status',
    'firm.review.decision',
    {
      kind: 'select',
      options: [
        { value: 'passed', label: `enum.${enumName}.passed` },
        { value: 'rejected', label: `enum.${enumName}.rejected` },
      ],
    },
    { required: true },
  ),
  field(
    'reason',
    'firm.review.reason',
    { kind: 'textarea', maxLength: 200 },
    { placeholder: 'firm.review.reasonPlaceholder' },
  ),
];
export const review = (
  path: string,
  enumName: DecisionEnum,
  when?: ActionDescriptor['when'],
): ActionDescriptor => ({
  kind: 'api',
  key: 'review',
  label: 'firm.action.review',
  method: 'PUT',
  path,
  body: 'form',
  form: decision(enumName),
  // The decision names the version the row showed (a stale one is answered 409 and the list reloads).
  sendVersion: true,
  successMessage: 'firm.reviewed',
  ...(when ? { when } : {}),
});

/**
 * Suspend a firm or lawyer that passed review, or lift the suspension: the choice and its
 * reason (required to suspend) on the version the row showed. Suspending signs them out; a
 * firm gets no more pushes and its unassigned cases return to the pool (server/reviews/suspension.ts).
 */
export const suspension = (path: string): ActionDescriptor => ({
  kind: 'api',
  key: 'suspension',
  label: 'firm.action.suspension',
  method: 'PUT',
  path,
  body: 'form',
  form: [
    field(
      'suspended',
      'firm.suspension.choice',
      {
        kind: 'select',
        options: [
          { value: true, label: 'firm.suspension.suspend' },
          { value: false, label: 'firm.suspension.resume' },
        ],
      },
      { required: true },
    ),
    field(
      'reason',
      'firm.suspension.reason',
      { kind: 'textarea', maxLength: 200 },
      { placeholder: 'firm.suspension.reasonPlaceholder' },
    ),
  ],
  sendVersion: true,
  danger: true,
  confirm: 'firm.suspension.confirm',
  successMessage: 'firm.suspension.saved',
  when: { field: 'standing', in: ['passed', 'suspended'] },
});

/** A filter by law firm, its options the registered firms. */
export const firmOptions = (access?: AccessRule) =>
  field(
    'lawFirmId',
    'firm.lawFirm',
    { kind: 'select', optionsFrom: { path: '/lawfirms/names', value: 'id', label: 'name' } },
    access ? { access } : {},
  );
