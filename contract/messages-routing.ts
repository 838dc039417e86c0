/** The messages of routing rules and deadlines (server/routing/, server/deadlines/), spread into contract/messages-*.ts. */
export const ROUTING_MESSAGES_ZH_CN = {
  'rule.regionPrefix': '地区前缀为 2 到 6 位数字的行政区划代码开头',
  'routing.firmNotPassed': '律所须已通过审核且未被暂停',
  'routing.firmRepeated': '同一条规则中律所不能重复',
  'routing.amountRange': '最低金额不能高于最高金额',
  'routing.creditorNotFound': '委托方不存在',
  'routing.notInPool': '案件不在案件池中，不能分案',
  'routing.noFirm': '没有匹配且未满额的律所',
  'routing.tooManyCases': '一次最多分案 {{max}} 件',
  'entrust.notLater': '新的到期日须晚于原到期日且不早于今天',
  'entrust.notOngoing': '只有未结案的案件可以延长委托',
} as const;

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
