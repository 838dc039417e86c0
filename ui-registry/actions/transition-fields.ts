import type { CASE_EVENTS, FieldDescriptor } from '../../contract/pages/descriptor';

/**
 * What an event asks before it is sent, as descriptor fields (the same form machinery as
 * every other action): a suspension's reason, a closing's result, an assignment's lawyer
 * and/or firm. The server's case status machine checks them again.
 */
export const TRANSITION_FIELDS: Partial<Record<(typeof CASE_EVENTS)[number], FieldDescriptor[]>> = {
  SUSPEND: [
    {
      name: 'reason',
      label: 'registry.transition.reason',
      input: { kind: 'textarea', maxLength: 200 },
      required: true,
    },
  ],
  CLOSE: [
    {
      name: 'result',
      label: 'registry.transition.result',
      input: { kind: 'select', enum: 'closeResult' },
      required: true,
    },
  ],
  ASSIGN: [
    {
      // Operations choose among every passed lawyer, a firm's contact person among the firm's own.
      name: 'lawyerId',
      label: 'registry.transition.lawyer',
      input: { kind: 'select', optionsFrom: { path: '/lawyers/options', value: 'id', label: 'label' } },
      required: true,
    },
  ],
  PUSH: [
    {
      // Passed review: the firms a case may be pushed to (GET /lawfirms/options, for who may push).
      name: 'lawFirmId',
      label: 'registry.transition.lawFirm',
      input: { kind: 'select', optionsFrom: { path: '/lawfirms/options', value: 'id', label: 'name' } },
      required: true,
    },
  ],
  RETURN: [
    {
      name: 'reason',
      label: 'registry.transition.returnReason',
      input: { kind: 'textarea', maxLength: 200 },
      required: true,
    },
  ],
  DECLINE: [
    {
      name: 'reason',
      label: 'registry.transition.declineReason',
      input: { kind: 'textarea', maxLength: 200 },
      required: true,
    },
  ],
};
