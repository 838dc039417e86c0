import type { CREDITOR_MESSAGES_ZH_CN } from './messages-creditors-zh-CN';

/** The creditors messages, en-US (the twin of messages-creditors-zh-CN.ts). */
export const CREDITOR_MESSAGES_EN_US: Record<keyof typeof CREDITOR_MESSAGES_ZH_CN, string> = {
  'creditor.notFound': 'No such creditor',
  'creditor.nameTaken': 'A creditor of that name already exists',
  'creditor.creditCodeTaken': 'That credit code belongs to another creditor',
  'creditor.ratePercent': 'A fee rate is a percentage from 0 to 100 with at most two decimals',
  'creditor.reductionPercent': 'The largest reduction is a whole percentage from 0 to 100',
  'creditor.rateTwice': 'One rate per law firm',
  'creditor.firmNotFound': 'The law firm does not exist or has not passed review',
  'creditor.required': 'Choose a creditor or give its name',
  'batch.notFound': 'No such batch',
  'batch.batchNoRule': 'A batch number is 3 to 40 letters, digits, "-" or "_"',
  'batch.batchNoTaken': 'That batch number is already used',
  'batch.otherCreditor': 'That batch belongs to another creditor',
  'import.creditorMismatch': 'The creditor must be the one chosen for this import',
  'settlement.month': 'The month is YYYY-MM',
  'report.range': 'From and to are YYYY-MM-DD, from not after to, at most 366 days apart',
};
