import { DEADLINE_NOTICES_ZH_CN } from './notices-deadlines-zh-CN';
import { PLAN_NOTICES_ZH_CN } from './notices-plans-zh-CN';

/**
 * In-site messages (notices) as the server renders them for a zh-CN reader: each kind has a
 * title and a content with `{{param}}` slots. Stored messages carry the kind and its
 * parameters, never the prose, so each reader sees them in their own language. Server-only:
 * the browser receives them rendered (GET /api/message/list), so they are not in its bundle.
 */
export const NOTICES_ZH_CN = {
  ...PLAN_NOTICES_ZH_CN,
  ...DEADLINE_NOTICES_ZH_CN,
  'case.approved': { title: '案件已审核通过', content: '案件 {{caseNo}} 已通过审核，进入案件池。' },
  'case.returned': {
    title: '案件已退回',
    content: '案件 {{caseNo}} 未通过审核，已退回。请在编辑页修改后点击“重新提交审核”。退回原因：{{reason}}',
  },
  'case.pushed': {
    title: '新的推送案件',
    content: '案件 {{caseNo}}（{{title}}）已推送给贵所，请接收或拒绝。',
  },
  'push.accepted': { title: '律所已接收推送', content: '{{firm}} 已接收案件 {{caseNo}}。' },
  'push.declined': {
    title: '律所拒绝了推送',
    content: '{{firm}} 拒绝了案件 {{caseNo}}：{{reason}}。案件已回到案件池。',
  },
  'case.assigned': { title: '新分配的案件', content: '案件 {{caseNo}}（{{title}}）已分配给您办理。' },
  'case.repaid': {
    title: '案件已还清结案',
    content: '案件 {{caseNo}} 的还款已达到标的金额，案件已结案（已还款）。',
  },
  'import.done': {
    title: '案件导入完成',
    content: '{{fileName}} 导入完成：导入 {{imported}} 件，无效 {{invalid}} 行。',
  },
  'import.failed': {
    title: '案件导入失败',
    content: '{{fileName}} 导入失败：导入 {{imported}} 件，无效 {{invalid}} 行。',
  },
  'letter.submitted': {
    title: '新的律师函待审核',
    content: '{{firm}} 为案件 {{caseNo}} 提交了律师函 {{letterNo}}，请审核。',
  },
  'letter.passed': { title: '律师函审核通过', content: '案件 {{caseNo}} 的律师函 {{letterNo}} 已审核通过。' },
  'letter.rejected': {
    title: '律师函被退回',
    content: '案件 {{caseNo}} 的律师函 {{letterNo}} 未通过审核：{{reason}}。请修改后重新提交。',
  },
  'certification.passed': { title: '实名认证已通过', content: '您的企业认证（{{enterprise}}）已审核通过。' },
  'certification.rejected': {
    title: '实名认证未通过',
    content: '您的企业认证（{{enterprise}}）未通过审核：{{reason}}。',
  },
  'law_firm.passed': {
    title: '律所入驻审核通过',
    content: '{{name}} 的入驻申请已审核通过，现在可以接收推送案件。',
  },
  'law_firm.rejected': {
    title: '律所入驻审核未通过',
    content: '{{name}} 的入驻申请未通过审核：{{reason}}。请修改资料后重新提交。',
  },
  'lawyer.passed': { title: '律师认证审核通过', content: '律师 {{name}} 的认证已审核通过。' },
  'lawyer.rejected': {
    title: '律师认证审核未通过',
    content: '律师 {{name}} 的认证未通过审核：{{reason}}。请修改资料后重新提交。',
  },
  'law_firm.suspended': {
    title: '律所已被暂停合作',
    content: '{{name}} 已被暂停合作：{{reason}}。暂停期间联系人不能登录，律所不再接收推送案件。',
  },
  'law_firm.suspendedLawyer': {
    title: '所在律所已被暂停合作',
    content: '您所在的律所 {{name}} 已被暂停合作：{{reason}}。您手中的案件保持不变，请继续办理。',
  },
  'law_firm.casesReleased': {
    title: '暂停律所的案件已退回案件池',
    content: '{{name}} 已被暂停合作：{{reason}}。其 {{count}} 件尚未分配律师的案件已退回案件池，请重新推送。',
  },
  'law_firm.resumed': {
    title: '律所已恢复合作',
    content: '{{name}} 已恢复合作，联系人可以重新登录，律所可以接收推送案件。',
  },
  'law_firm.resumedLawyer': {
    title: '所在律所已恢复合作',
    content: '您所在的律所 {{name}} 已恢复合作。',
  },
  'law_firm.resumedOperations': {
    title: '律所已恢复合作',
    content: '{{name}} 已恢复合作，可以重新向其推送案件。',
  },
  'lawyer.suspended': {
    title: '律师账号已被暂停',
    content:
      '律师 {{name}} 的账号已被暂停：{{reason}}。暂停期间不能登录；手中的案件保持不变，直至运营重新分配。',
  },
  'lawyer.resumed': { title: '律师账号已恢复', content: '律师 {{name}} 的账号已恢复，可以重新登录。' },
} as const satisfies Record<string, { title: string; content: string }>;

export type NoticeKind = keyof typeof NOTICES_ZH_CN;
