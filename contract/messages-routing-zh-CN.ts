/** The messages of routing rules and deadlines (server/routing/, server/deadlines/), zh-CN; spread into contract/messages-zh-CN.ts (the browser loads them as an area: locales/message-areas.ts). */
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
