import type { AccessRule } from '../../../contract/access';
import type { ActionDescriptor, FieldDescriptor } from '../../../contract/pages/descriptor';
import { field } from './builders';

/**
 * What the review pages share (firms.ts, letters.ts): the review action of a row, and the
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

/** A filter by law firm, its options the registered firms. */
export const firmOptions = (access?: AccessRule) =>
  field(
    'lawFirmId',
    'firm.lawFirm',
    { kind: 'select', optionsFrom: { path: '/register/lawfirms', value: 'id', label: 'name' } },
    access ? { access } : {},
  );
