/** The messages of creditors, batches and their reports (contract/creditors.ts, server/creditors/), zh-CN; spread into contract/messages-zh-CN.ts (the browser loads them as an area: locales/message-areas.ts). */
export const CREDITOR_MESSAGES_ZH_CN = {
  'creditor.notFound': '委托方不存在',
  'creditor.nameTaken': '已有同名的委托方',
  'creditor.creditCodeTaken': '该统一社会信用代码已属于另一委托方',
  'creditor.ratePercent': '费率为 0 到 100 之间的百分比，最多两位小数',
  'creditor.reductionPercent': '最大减免比例为 0 到 100 的整数',
  'creditor.rateTwice': '同一律所只能设置一个费率',
  'creditor.firmNotFound': '律所不存在或未通过审核',
  'creditor.required': '请选择委托方或填写委托方名称',
  'batch.notFound': '委托批次不存在',
  'batch.batchNoRule': '批次号为 3 到 40 位字母、数字、“-”或“_”',
  'batch.batchNoTaken': '该批次号已被使用',
  'batch.otherCreditor': '该批次属于另一委托方',
  'import.creditorMismatch': '委托方须为本次导入所选的委托方',
  'settlement.month': '月份格式应为 YYYY-MM',
  'report.range': '起止日期须为 YYYY-MM-DD，且开始不晚于结束，跨度不超过 366 天',
} as const;
