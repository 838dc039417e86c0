/**
 * The audit entries of repayment plans (server/cases/plans/) in both languages, spread into
 * contract/audit-texts-zh-CN.ts and its en-US twin.
 */
export const PLAN_AUDIT_TEXTS_ZH_CN = {
  'plan.propose': { label: '制定分期还款', detail: '{{caseNo}}：{{count}} 期，共 {{amountFen}}' },
  'plan.approve': { label: '分期还款审核通过', detail: '{{caseNo}}：共 {{amountFen}}' },
  'plan.reject': { label: '分期还款审核驳回', detail: '{{caseNo}}：{{reason}}' },
  'plan.broken': { label: '分期还款违约', detail: '{{caseNo}}：{{count}} 期同时逾期' },
  'plan.completed': { label: '分期还款履行完毕', detail: '{{caseNo}}：共 {{amountFen}}' },
} as const satisfies Record<string, { label: string; detail?: string }>;

export const PLAN_AUDIT_TEXTS_EN_US: Record<
  keyof typeof PLAN_AUDIT_TEXTS_ZH_CN,
  { label: string; detail?: string }
> = {
  'plan.propose': {
    label: 'Propose repayment plan',
    detail: '{{caseNo}}: {{count}} instalments, {{amountFen}} in all',
  },
  'plan.approve': { label: 'Approve repayment plan', detail: '{{caseNo}}: {{amountFen}} in all' },
  'plan.reject': { label: 'Reject repayment plan', detail: '{{caseNo}}: {{reason}}' },
  'plan.broken': {
    label: 'Repayment plan broken',
    detail: '{{caseNo}}: {{count}} instalments overdue at once',
  },
  'plan.completed': { label: 'Repayment plan completed', detail: '{{caseNo}}: {{amountFen}} in all' },
};
