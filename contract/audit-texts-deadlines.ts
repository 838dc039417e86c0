/**
 * The audit entries of the deadline sweep (server/deadlines/) and the routing rules
 * (server/routing/) in both languages, spread into contract/audit-texts-zh-CN.ts and its twin.
 */
export const DEADLINE_AUDIT_TEXTS_ZH_CN = {
  'case.push_expired': { label: '推送超时撤回', detail: '{{from}} → {{to}}' },
  'case.entrustExpired': { label: '委托已到期', detail: '{{caseNo}}：{{expiresOn}} 到期' },
  'case.entrustExtend': { label: '延长委托', detail: '{{caseNo}}：{{fromDay}} → {{toDay}}' },
  'routing.save': { label: '保存分案规则', detail: '{{count}} 条规则' },
} as const satisfies Record<string, { label: string; detail?: string }>;

export const DEADLINE_AUDIT_TEXTS_EN_US: Record<
  keyof typeof DEADLINE_AUDIT_TEXTS_ZH_CN,
  { label: string; detail?: string }
> = {
  'case.push_expired': { label: 'Push withdrawn: not answered in time', detail: '{{from}} → {{to}}' },
  'case.entrustExpired': { label: 'Entrustment expired', detail: '{{caseNo}}: expired on {{expiresOn}}' },
  'case.entrustExtend': { label: 'Entrustment extended', detail: '{{caseNo}}: {{fromDay}} → {{toDay}}' },
  'routing.save': { label: 'Routing rules saved', detail: '{{count}} rules' },
};
