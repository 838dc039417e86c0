/** The notices of repayment plans (server/cases/plans/), zh-CN; spread into contract/notices-zh-CN.ts. */
export const PLAN_NOTICES_ZH_CN = {
  'plan.submitted': {
    title: '新的分期还款待审核',
    content: '案件 {{caseNo}} 的分期还款计划（{{count}} 期，共 {{total}} 元，减免 {{reduction}} 元）待审核。',
  },
  'plan.approved': {
    title: '分期还款已审核通过',
    content: '案件 {{caseNo}} 的分期还款计划已审核通过，开始执行。',
  },
  'plan.rejected': {
    title: '分期还款未通过审核',
    content: '案件 {{caseNo}} 的分期还款计划未通过审核：{{reason}}。',
  },
  'plan.instalmentOverdue': {
    title: '分期还款逾期',
    content: '案件 {{caseNo}} 第 {{seq}} 期（{{dueOn}} 到期，{{amount}} 元）已逾期，尚欠 {{unpaid}} 元。',
  },
  'plan.broken': {
    title: '分期还款违约',
    content: '案件 {{caseNo}} 的分期还款计划已有 {{overdue}} 期同时逾期，计划违约。',
  },
} as const satisfies Record<string, { title: string; content: string }>;
