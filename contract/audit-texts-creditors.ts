/**
 * The audit entries of creditors and batches (server/creditors/) in both languages, spread into
 * contract/audit-texts-zh-CN.ts and its en-US twin.
 */
export const CREDITOR_AUDIT_TEXTS_ZH_CN = {
  'creditor.create': { label: '新增委托方', detail: '{{name}}' },
  'creditor.edit': { label: '编辑委托方', detail: '{{name}}' },
  'batch.create': { label: '新建委托批次', detail: '{{batchNo}}（{{creditor}}）' },
} as const satisfies Record<string, { label: string; detail?: string }>;

export const CREDITOR_AUDIT_TEXTS_EN_US: Record<
  keyof typeof CREDITOR_AUDIT_TEXTS_ZH_CN,
  { label: string; detail?: string }
> = {
  'creditor.create': { label: 'Creditor added', detail: '{{name}}' },
  'creditor.edit': { label: 'Creditor edited', detail: '{{name}}' },
  'batch.create': { label: 'Batch created', detail: '{{batchNo}} ({{creditor}})' },
};
