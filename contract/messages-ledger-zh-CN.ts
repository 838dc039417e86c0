/** The ledger's messages (contract/ledger.ts, server/cases/ledger/), zh-CN; spread into contract/messages-zh-CN.ts (the browser loads them as an area: locales/message-areas.ts). */
export const LEDGER_MESSAGES_ZH_CN = {
  'ledger.claimMismatch': '本金、利息、罚息与费用之和须等于标的金额',
  'ledger.claimLocked': '案件审核通过后不能再修改标的金额及其构成',
  'ledger.allocationOrder': '冲抵顺序须包含本金、利息、罚息、费用各一次',
  'ledger.allocationReasonRequired': '约定其他冲抵顺序时须填写原因',
  'ledger.allocationOrderClosed': '已结案的案件不能再约定冲抵顺序',
  'ledger.channelNoteRequired': '还款方式为“其他”时须在备注中说明',
  'ledger.voucherNotFound': '还款凭证须为本案件的附件',
  'ledger.voucherType': '还款凭证须为图片或 PDF 文件',
  'ledger.repaymentNotFound': '还款记录不存在',
  'ledger.alreadyReversed': '该笔还款已冲正',
  'ledger.notChargeable': '只能为办理中或已中止的案件登记费用',
} as const;
