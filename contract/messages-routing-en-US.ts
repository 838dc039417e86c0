import type { ROUTING_MESSAGES_ZH_CN } from './messages-routing-zh-CN';

/** The routing messages, en-US (the twin of messages-routing-zh-CN.ts). */
export const ROUTING_MESSAGES_EN_US: Record<keyof typeof ROUTING_MESSAGES_ZH_CN, string> = {
  'rule.regionPrefix': 'A region prefix is the first 2 to 6 digits of a region code',
  'routing.firmNotPassed': 'The law firm must have passed review and not be suspended',
  'routing.firmRepeated': 'A law firm appears only once in a rule',
  'routing.amountRange': 'The lowest amount cannot be above the highest',
  'routing.creditorNotFound': 'No such creditor',
  'routing.notInPool': 'The case is not in the case pool: it cannot be routed',
  'routing.noFirm': 'No rule matches with a law firm under its capacity',
  'routing.tooManyCases': 'At most {{max}} cases can be routed at once',
  'entrust.notLater': 'The new expiry day must be later than the current one and not before today',
  'entrust.notOngoing': 'Only a case not closed can have its entrustment extended',
};
