import type { PLAN_NOTICES_ZH_CN } from './notices-plans-zh-CN';

/** The en-US twin of notices-plans-zh-CN.ts. */
export const PLAN_NOTICES_EN_US: Record<keyof typeof PLAN_NOTICES_ZH_CN, { title: string; content: string }> =
  {
    'plan.submitted': {
      title: 'A repayment plan awaits review',
      content:
        'The repayment plan of case {{caseNo}} ({{count}} instalments, {{total}} yuan in all, {{reduction}} yuan reduced) awaits review.',
    },
    'plan.approved': {
      title: 'Repayment plan approved',
      content: 'The repayment plan of case {{caseNo}} was approved and is running.',
    },
    'plan.rejected': {
      title: 'Repayment plan rejected',
      content: 'The repayment plan of case {{caseNo}} was rejected: {{reason}}.',
    },
    'plan.instalmentOverdue': {
      title: 'Instalment overdue',
      content:
        'Instalment {{seq}} of case {{caseNo}} (due {{dueOn}}, {{amount}} yuan) is overdue; {{unpaid}} yuan is unpaid.',
    },
    'plan.broken': {
      title: 'Repayment plan broken',
      content:
        'The repayment plan of case {{caseNo}} has {{overdue}} instalments overdue at once: the plan is broken.',
    },
  };
