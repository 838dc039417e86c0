import {
  CLAIM_PART_FIELDS,
  DEFAULT_ALLOCATION_ORDER,
  LEDGER_PARTS,
  VOUCHER_EXTENSIONS,
} from '../../../contract/ledger';
import type { ActionDescriptor, DetailPage, FieldDescriptor } from '../../../contract/pages/descriptor';
import { col, field, mayDo } from './builders';

/**
 * A case's ledger on its pages (案件处理, the full record): the claim, charges, repayments,
 * waivers and what is outstanding by part, the entries with their allocation and 冲正 for those
 * who may, and the dialogs that add to it. Over GET /api/cases/:id's `ledger` (server/cases/ledger/).
 */

const money = { widget: 'money' } as const;

/** The repayments in force (the case detail page). */
export const repayments: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'case.section.repayments',
  field: 'repayments',
  columns: [
    col('repaidOn', 'case.repayment.repaidOn', { widget: 'date' }),
    col('amountFen', 'case.repayment.amount', { widget: 'money' }),
    col('note', 'case.repayment.note'),
  ],
};

export const ledgerParts: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'ledger.section.parts',
  field: 'ledger.parts',
  columns: [
    col('part', 'ledger.part', { widget: 'enum', enum: 'ledgerPart' }),
    col('claimFen', 'ledger.claim', money),
    col('chargedFen', 'ledger.charged', money),
    col('repaidFen', 'ledger.repaid', money),
    col('waivedFen', 'ledger.waived', money),
    col('outstandingFen', 'ledger.outstanding', money),
  ],
};

const reverse: ActionDescriptor = {
  kind: 'api',
  key: 'reverse',
  label: 'ledger.action.reverse',
  method: 'POST',
  path: '/repayments/:id/reverse',
  body: 'form',
  form: [field('reason', 'ledger.reverseReason', { kind: 'textarea', maxLength: 200 }, { required: true })],
  successMessage: 'ledger.reversed',
  danger: true,
  access: 'repayments.reverse',
  when: { field: 'reversible', in: [true] },
};

/** The entries, newest first; without row actions where nobody reverses (the firm's and business views). */
const entryColumns = [
  col('on', 'ledger.on', { widget: 'date' }),
  col('kind', 'ledger.kind', { widget: 'enum', enum: 'ledgerEntryKind' }),
  col('amountFen', 'ledger.amount', money),
  col('allocation.feesFen', 'enum.ledgerPart.fees', money),
  col('allocation.penaltyFen', 'enum.ledgerPart.penalty', money),
  col('allocation.interestFen', 'enum.ledgerPart.interest', money),
  col('allocation.principalFen', 'enum.ledgerPart.principal', money),
  col('channel', 'ledger.channel', { widget: 'enum', enum: 'repaymentChannel' }),
  col('voucher.name', 'ledger.voucher'),
  col('remark', 'ledger.remark'),
];
export const ledgerEntries: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'ledger.section.entries',
  field: 'ledger.entries',
  columns: entryColumns,
  rowActions: [reverse],
};
export const ledgerEntriesToRead: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'ledger.section.entries',
  field: 'ledger.entries',
  columns: entryColumns,
};

/** A repayment: the amount, the day, the channel and its voucher (uploaded as the file is chosen). */
const repaymentForm: FieldDescriptor[] = [
  field(
    'amountFen',
    'case.repayment.amount',
    { kind: 'number', money: true, min: 1, precision: 2 },
    { required: true },
  ),
  field('repaidOn', 'case.repayment.repaidOn', { kind: 'date' }, { required: true }),
  field('channel', 'ledger.channel', { kind: 'select', enum: 'repaymentChannel' }, { required: true }),
  field('voucherAttachmentId', 'ledger.voucher', {
    kind: 'upload',
    path: '/cases/:id/vouchers',
    accept: VOUCHER_EXTENSIONS.map((ext) => `.${ext}`).join(','),
    maxSizeMb: 20,
    single: true,
  }),
  field(
    'note',
    'case.repayment.note',
    { kind: 'textarea', maxLength: 200 },
    { placeholder: 'ledger.notePlaceholder' },
  ),
];

export const repaymentAction: ActionDescriptor = {
  kind: 'api',
  key: 'repayment',
  label: 'case.action.repayment',
  method: 'POST',
  path: '/cases/:id/repayments',
  body: 'form',
  form: repaymentForm,
  // What the debtor still owes: a repayment may not be more (the server answers 409 with the figure).
  summary: [
    col('amountFen', 'case.amount', money),
    col('repaidFen', 'case.repaidFen', money),
    col('outstandingFen', 'case.outstandingFen', money),
  ],
  successMessage: 'case.repaymentSaved',
  when: mayDo('repay'),
};

/** A cost arising later (诉讼费, 保全费), on the fees part. */
export const chargeAction: ActionDescriptor = {
  kind: 'api',
  key: 'charge',
  label: 'ledger.action.charge',
  method: 'POST',
  path: '/cases/:id/charges',
  body: 'form',
  form: [
    field(
      'amountFen',
      'ledger.amount',
      { kind: 'number', money: true, min: 1, precision: 2 },
      { required: true },
    ),
    field('reason', 'ledger.chargeReason', { kind: 'input', maxLength: 200 }, { required: true }),
  ],
  successMessage: 'ledger.chargeSaved',
  when: mayDo('repay'),
};

/**
 * The claim's parts in the case edit form (money in yuan on screen, fen on the wire); the amount
 * is their sum. Once review has approved the case (`can.editClaim` false) they show disabled
 * with a note, and the form does not send them (the server would answer 409).
 */
export const claimPartFields: FieldDescriptor[] = CLAIM_PART_FIELDS.map((name, i) =>
  field(
    name,
    `enum.ledgerPart.${LEDGER_PARTS[i]}`,
    { kind: 'number', money: true, min: 0, precision: 2 },
    {
      required: true,
      span: 6,
      editableWhen: { field: 'can.editClaim', in: [true], note: 'ledger.claimLockedNote' },
    },
  ),
);

/** The order repayments pay the parts in, and why when the parties agreed another one. */
export const allocationOrder: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'ledger.section.allocationOrder',
  columns: 2,
  items: [
    col('ledger.allocationOrder', 'ledger.allocationOrder', { widget: 'enum', enum: 'ledgerPart' }),
    col('ledger.allocationOrderReason', 'ledger.allocationOrderReason'),
  ],
};

/**
 * 约定冲抵顺序: another order the parties agreed (each part once, picked in order), with its
 * reason, by whoever records the case's repayments while it is not closed (`can.allocationOrder`).
 */
export const allocationOrderAction: ActionDescriptor = {
  kind: 'api',
  key: 'allocationOrder',
  label: 'ledger.action.allocationOrder',
  method: 'PUT',
  path: '/cases/:id/allocation-order',
  body: 'form',
  form: [
    field(
      'order',
      'ledger.allocationOrder',
      {
        kind: 'select',
        multiple: true,
        options: DEFAULT_ALLOCATION_ORDER.map((part) => ({ value: part, label: `enum.ledgerPart.${part}` })),
      },
      { required: true, minLength: LEDGER_PARTS.length, placeholder: 'ledger.allocationOrderPlaceholder' },
    ),
    field(
      'reason',
      'ledger.allocationOrderReason',
      { kind: 'textarea', maxLength: 200 },
      { required: true, placeholder: 'ledger.allocationOrderReasonPlaceholder' },
    ),
  ],
  summary: [
    col('ledger.allocationOrder', 'ledger.allocationOrderNow', { widget: 'enum', enum: 'ledgerPart' }),
  ],
  successMessage: 'ledger.allocationOrderSaved',
  when: mayDo('allocationOrder'),
};
