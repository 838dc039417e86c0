import type { LEDGER_MESSAGES_ZH_CN } from './messages-ledger-zh-CN';

/** The ledger messages, en-US (the twin of messages-ledger-zh-CN.ts). */
export const LEDGER_MESSAGES_EN_US: Record<keyof typeof LEDGER_MESSAGES_ZH_CN, string> = {
  'ledger.claimMismatch': 'Principal, interest, penalty interest and fees must add up to the amount claimed',
  'ledger.claimLocked': 'The amount claimed and its parts cannot change once review has approved the case',
  'ledger.allocationOrder':
    'The allocation order must name principal, interest, penalty interest and fees once each',
  'ledger.allocationReasonRequired': 'Give the reason for another agreed allocation order',
  'ledger.allocationOrderClosed': 'A closed case takes no new allocation order',
  'ledger.channelNoteRequired': 'Say in the note how it was paid when the channel is "other"',
  'ledger.voucherNotFound': 'The voucher must be an attachment of this case',
  'ledger.voucherType': 'The voucher must be an image or a PDF',
  'ledger.repaymentNotFound': 'No such repayment',
  'ledger.alreadyReversed': 'This repayment has already been reversed',
  'ledger.notChargeable': 'Costs are recorded only on cases in processing or suspended',
};
