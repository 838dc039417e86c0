import type { PLAN_MESSAGES_ZH_CN } from './messages-plans-zh-CN';

/** The messages of repayment plans, en-US (the twin of messages-plans-zh-CN.ts). */
export const PLAN_MESSAGES_EN_US: Record<keyof typeof PLAN_MESSAGES_ZH_CN, string> = {
  'plan.instalmentsRequired': 'Add at least one instalment',
  'plan.tooManyInstalments': 'A plan has at most 60 instalments',
  'plan.dueOnAscending': 'Each due day must be after the one before',
  'plan.dueOnPast': 'A due day cannot be before today',
  'plan.reasonRequired': 'A reduced plan needs the reason for the reduction',
  'plan.overOutstanding': 'The plan is more than what is outstanding: {{outstanding}} yuan',
  'plan.beyondReduction':
    'The reduction is more than the creditor allows: the plan must total at least {{lowest}} yuan (at most {{percent}}% off)',
  'plan.notProcessing': 'Only a case in processing can get a repayment plan',
  'plan.notHandlingLawyer': 'Only the handling lawyer can propose a repayment plan',
  'plan.openPlanExists': 'This case already has a repayment plan waiting for approval or running',
  'plan.nothingOutstanding': 'Nothing is outstanding on this case',
  'plan.notFound': 'The repayment plan does not exist or is not visible to you',
  'plan.notPending': 'Only a repayment plan waiting for approval can be reviewed',
};
