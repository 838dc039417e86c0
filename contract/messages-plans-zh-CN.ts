/**
 * The messages of repayment plans (contract/plans.ts, server/cases/plans/), zh-CN; spread into
 * contract/messages-zh-CN.ts so a plan's messages are kept together.
 */
export const PLAN_MESSAGES_ZH_CN = {
  'plan.instalmentsRequired': '请至少填写一期还款',
  'plan.tooManyInstalments': '分期最多 60 期',
  'plan.dueOnAscending': '每期还款日须晚于上一期',
  'plan.dueOnPast': '还款日不能早于今天',
  'plan.reasonRequired': '减免还款须填写减免原因',
  'plan.overOutstanding': '分期总额超过待还金额：当前待还 {{outstanding}} 元',
  'plan.beyondReduction': '减免超出委托方允许的幅度：分期总额至少为 {{lowest}} 元（最多减免 {{percent}}%）',
  'plan.notProcessing': '只有办理中的案件可以制定分期还款',
  'plan.notHandlingLawyer': '只有承办律师可以制定分期还款',
  'plan.openPlanExists': '该案件已有待审核或执行中的分期还款计划',
  'plan.nothingOutstanding': '该案件没有待还金额',
  'plan.notFound': '分期还款计划不存在或不在您的可见范围内',
  'plan.notPending': '只有待审核的分期还款计划可以审核',
} as const;
