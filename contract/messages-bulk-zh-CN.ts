/**
 * The messages of bulk jobs (contract/bulk-jobs.ts, server/cases/bulk-jobs/), zh-CN; spread into
 * contract/messages-zh-CN.ts so a job's messages, and its results file's texts, are kept together.
 */
export const BULK_MESSAGES_ZH_CN = {
  'bulk.selectionRequired': '请给出筛选条件（filter）或案件编号（caseIds），二者只能给一个',
  'bulk.tooMany': '所选案件有 {{count}} 条，一个批量任务最多 {{max}} 条，请缩小筛选范围',
  'bulk.nothingSelected': '没有符合条件的案件',
  'bulk.routeUnavailable': '按规则分派尚未开放，请改用推送律所',
  'bulk.notFound': '批量任务不存在或不是您发起的',
  'bulk.interrupted': '执行任务的服务进程已停止，任务中断：已完成的案件保留其结果',
  'bulk.failed': '任务因服务器错误中止：已完成的案件保留其结果',
  'bulk.starterLost': '发起人已被停用或不再担任该角色，任务中止',
  'bulk.lawFirmRequired': '批量推送须选择律所',
  'bulk.lawyerRequired': '批量分配须选择律师',
  'bulk.resultRequired': '批量结案须选择结案结果',
  'bulk.results.sheet': '批量任务结果',
  'bulk.results.caseNo': '案件编号',
  'bulk.results.caseId': '案件 ID',
  'bulk.results.outcome': '结果',
  'bulk.results.reason': '原因',
  'bulk.results.code': '原因代码',
  'bulk.results.ok': '已完成',
  'bulk.results.refused': '未执行',
  'bulk.results.notDone': '未处理（任务中断）',
} as const;
