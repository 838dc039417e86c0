import { CREDITOR_AUDIT_TEXTS_ZH_CN } from './audit-texts-creditors';
import { DEADLINE_AUDIT_TEXTS_ZH_CN } from './audit-texts-deadlines';
import { PLAN_AUDIT_TEXTS_ZH_CN } from './audit-texts-plans';

/**
 * The operations log and a record's audit trail as a zh-CN reader sees them: each action
 * (server/audit/audit.ts `recordAudit`) has a label and, for rows stored with parameters, a
 * detail with `{{param}}` slots (contract/audit.ts formats amounts, statuses and results).
 * Rows stored before parameters existed show the label alone. Every action the server writes
 * must be here and in the en-US twin (tests/unit/audit-texts.test.ts collects them).
 */
export const AUDIT_TEXTS_ZH_CN = {
  ...PLAN_AUDIT_TEXTS_ZH_CN,
  ...DEADLINE_AUDIT_TEXTS_ZH_CN,
  ...CREDITOR_AUDIT_TEXTS_ZH_CN,
  login: { label: '登录', detail: '以 {{role}} 身份登录' },
  'login.failed': { label: '登录失败', detail: '手机号 {{phone}}' },
  logout: { label: '退出登录' },
  'session.switchRole': { label: '切换角色', detail: '{{fromRole}} → {{role}}' },
  'register.lawfirm': { label: '律所注册', detail: '{{firm}}，联系人手机号 {{phone}}' },
  'register.lawyer': { label: '律师注册', detail: '{{name}}' },
  'user.resetPassword': { label: '重置密码', detail: '手机号 {{phone}}' },
  'user.changePassword': { label: '修改密码' },
  'user.create': { label: '创建账号', detail: '{{name}}（{{role}}）' },
  'user.randomPassword': { label: '生成随机密码', detail: '用户 {{name}}' },
  'user.edit': { label: '编辑用户', detail: '用户 {{name}}' },
  'user.saveInfo': { label: '保存个人信息' },
  'user.bindPhone': { label: '绑定手机号', detail: '新手机号 {{phone}}' },
  'menu.save': { label: '保存菜单', detail: '角色：{{role}}' },
  'menu.reset': { label: '恢复默认菜单', detail: '角色：{{role}}' },
  'menu.revert': {
    label: '恢复菜单版本',
    detail: '角色 {{role}}：版本 {{fromVersion}} 重新发布为版本 {{version}}',
  },
  'page.save': { label: '保存页面配置', detail: '{{page}}，版本 {{version}}' },
  'page.revert': { label: '回退页面配置', detail: '{{page}}：版本 {{fromVersion}} 另存为版本 {{version}}' },
  'message.read': { label: '标记消息已读', detail: '{{count}} 条' },
  'device.unbind': { label: '解绑设备', detail: '{{name}} 的设备 {{device}}' },
  'certification.submit': { label: '提交认证', detail: '{{enterprise}}（统一社会信用代码 {{creditCode}}）' },
  'certification.withdraw': { label: '撤回认证' },
  'lawfirm.edit': { label: '编辑律所信息', detail: '{{name}}' },
  'lawfirm.review.passed': { label: '律所审核通过', detail: '{{name}}' },
  'lawfirm.review.rejected': { label: '律所审核驳回', detail: '{{name}}，原因：{{reason}}' },
  'lawyer.editProfile': { label: '编辑律师资料', detail: '{{name}}' },
  'lawyer.review.passed': { label: '律师审核通过', detail: '{{name}}' },
  'lawyer.review.rejected': { label: '律师审核驳回', detail: '{{name}}，原因：{{reason}}' },
  'lawfirm.suspend': {
    label: '暂停律所',
    detail: '{{name}}，原因：{{reason}}；{{released}} 件未分配案件退回案件池',
  },
  'lawfirm.resume': { label: '恢复律所', detail: '{{name}}' },
  'lawyer.suspend': { label: '暂停律师', detail: '{{name}}，原因：{{reason}}' },
  'lawyer.resume': { label: '恢复律师', detail: '{{name}}' },
  'letter.review.passed': { label: '律师函审核通过', detail: '{{letterNo}}' },
  'letter.review.rejected': { label: '律师函审核驳回', detail: '{{letterNo}}，原因：{{reason}}' },
  'letter.resubmit': { label: '重新提交律师函', detail: '{{letterNo}}，驳回原因：{{reason}}' },
  'case.edit': { label: '编辑案件', detail: '修改了 {{fields}}' },
  'case.export': { label: '导出案件' },
  'case.followUp': { label: '添加跟进', detail: '还款状态：{{paymentStatus}}' },
  'case.repayment': { label: '登记还款', detail: '还款 {{amountFen}}，还款日期 {{repaidOn}}' },
  'case.repaymentReversed': { label: '冲正还款', detail: '冲正还款 {{amountFen}}，原因：{{reason}}' },
  'case.charge': { label: '登记费用', detail: '费用 {{amountFen}}，事由：{{reason}}' },
  'case.allocationOrder': { label: '约定冲抵顺序', detail: '{{order}}，原因：{{reason}}' },
  'case.attachment.add': { label: '上传附件', detail: '{{name}}' },
  'case.attachment.remove': { label: '删除附件', detail: '{{name}}' },
  'case.approve': { label: '审核通过', detail: '{{from}} → {{to}}' },
  'case.return': { label: '退回修改', detail: '{{from}} → {{to}}，原因：{{reason}}' },
  'case.resubmit': { label: '重新提交审核', detail: '{{from}} → {{to}}' },
  'case.push': { label: '推送律所', detail: '{{from}} → {{to}}' },
  'case.accept': { label: '律所接收', detail: '{{from}} → {{to}}' },
  'case.decline': { label: '律所拒绝', detail: '{{from}} → {{to}}，原因：{{reason}}' },
  'case.take': { label: '领取案件', detail: '{{from}} → {{to}}' },
  'case.assign': { label: '分配律师', detail: '{{from}} → {{to}}' },
  'case.release': { label: '释放案件', detail: '{{from}} → {{to}}' },
  'case.suspend': { label: '中止案件', detail: '{{from}} → {{to}}，原因：{{reason}}' },
  'case.resume': { label: '恢复案件', detail: '{{from}} → {{to}}' },
  'case.close': { label: '结案', detail: '{{from}} → {{to}}，结果：{{result}}' },
  'case.reopen': { label: '重新打开', detail: '{{from}} → {{to}}' },
  'user.enable': { label: '启用用户', detail: '用户 {{name}}' },
  'user.disable': { label: '停用用户', detail: '用户 {{name}}' },
  'certification.review.passed': { label: '企业认证审核通过', detail: '{{enterprise}}' },
  'certification.review.rejected': { label: '企业认证审核驳回', detail: '{{enterprise}}，原因：{{reason}}' },
  'letter.write': { label: '撰写律师函', detail: '{{letterNo}}（{{template}}），案件 {{caseNo}}' },
  'contact.create': { label: '记录联系', detail: '{{caseNo}}：{{partyName}}，{{channel}}，{{outcome}}' },
  'contact.override': {
    label: '越规记录联系',
    detail: '{{caseNo}}：{{partyName}}，{{rule}}，理由：{{reason}}',
  },
  'contact.sms': { label: '发送短信', detail: '{{caseNo}}：{{partyName}}，{{smsTemplate}}' },
  'sensitiveWords.update': { label: '修改敏感词', detail: '共 {{count}} 个' },
  'piiAccess.export': { label: '导出个人信息访问记录' },
  'party.create': { label: '添加当事人', detail: '{{caseNo}}：{{name}}（{{partyRole}}）' },
  'party.update': { label: '修改当事人', detail: '{{caseNo}}：{{name}}，修改了 {{partyFields}}' },
  'party.piiErased': {
    label: '删除当事人个人信息',
    detail: '{{caseNo}}：{{count}} 名当事人的证件号码、电话和地址（保存期满）',
  },
  'import.rowsErased': {
    label: '删除导入无效行',
    detail: '导入 {{importId}}：{{count}} 行的内容（保存期满）',
  },
  'case.create': { label: '录入案件', detail: '{{caseNo}} {{title}}' },
  'case.import': { label: '批量导入案件', detail: '{{fileName}}：导入 {{imported}} 条，无效 {{invalid}} 条' },
  'case.bulkJob': { label: '发起批量任务', detail: '{{action}}：{{total}} 件' },
} as const satisfies Record<string, { label: string; detail?: string }>;

export type AuditAction = keyof typeof AUDIT_TEXTS_ZH_CN;

/** How a status inside pending reads: 待处理（案件池）. */
export const POSITION_IN_STATUS_ZH_CN = '{{status}}（{{position}}）';
