/** Bulk jobs on 案件列表: every case of the filter selected, the job's progress and its result. */
export default {
  'bulkJobs.selectAll': '选择全部 {{total}} 条',
  'bulkJobs.allSelected': '已选择全部 {{total}} 条（符合当前筛选条件的所有案件）',
  'bulkJobs.pageOnly': '只选本页',
  'bulkJobs.confirm':
    '将对符合当前筛选条件的全部 {{count}} 件案件执行「{{label}}」，作为后台任务逐件办理。确定执行吗？',
  'bulkJobs.title': '批量任务：{{label}}',
  'bulkJobs.running': '正在办理：已完成 {{done}} / {{total}} 件',
  'bulkJobs.waiting': '任务已提交，等待执行…',
  'bulkJobs.done': '任务完成：成功 {{succeeded}} 件，未执行 {{refused}} 件（共 {{total}} 件）',
  'bulkJobs.failed':
    '任务中断：{{failure}}已办理 {{done}} / {{total}} 件（成功 {{succeeded}} 件，未执行 {{refused}} 件）',
  'bulkJobs.download': '下载结果明细（.xlsx）',
  'bulkJobs.downloadFailed': '结果明细下载失败：{{message}}',
  'bulkJobs.background': '后台运行',
  'bulkJobs.resumed': '您有一个批量任务正在运行',
  'bulkJobs.pollFailed': '读取任务进度失败：{{message}}',
  'bulkJobs.action.push': '推送律所',
  'bulkJobs.action.route': '按规则分派',
  'bulkJobs.action.assign': '分配',
  'bulkJobs.action.close': '结案',
};
