/** The notices of deadlines (server/deadlines/) and routing (server/routing/), zh-CN; spread into contract/notices-zh-CN.ts. */
export const DEADLINE_NOTICES_ZH_CN = {
  'push.expired': {
    title: '推送超时已撤回',
    content: '案件 {{caseNo}} 推送给 {{firm}} 后 {{hours}} 小时内未答复，已撤回。',
  },
  'push.expiredRouted': {
    title: '推送超时，已转推',
    content: '案件 {{caseNo}} 推送给 {{firm}} 后 {{hours}} 小时内未答复，已按分案规则转推 {{nextFirm}}。',
  },
  'push.expiredPooled': {
    title: '推送超时，已回案件池',
    content:
      '案件 {{caseNo}} 推送给 {{firm}} 后 {{hours}} 小时内未答复，没有其他可推送的律所，已回到案件池。',
  },
  'push.expiredDigest': {
    title: '推送超时汇总',
    content:
      '{{count}} 件推送在 {{hours}} 小时内未获律所答复，已撤回：{{routed}} 件已按分案规则转推，{{pooled}} 件回到案件池。',
  },
  'push.expiredFirmDigest': {
    title: '推送超时已撤回',
    content: '推送给 {{firm}} 的 {{count}} 件案件（{{caseNo}} 等）在 {{hours}} 小时内未答复，已撤回。',
  },
  'entrust.expiring': {
    title: '委托即将到期',
    content: '案件 {{caseNo}} 的委托将于 {{expiresOn}} 到期（还有 {{days}} 天）。',
  },
  'entrust.expired': {
    title: '委托已到期',
    content: '案件 {{caseNo}} 的委托已于 {{expiresOn}} 到期，请以“撤案”结案或延长委托。',
  },
  'entrust.expiringDigest': {
    title: '委托即将到期',
    content: '{{count}} 件案件的委托将在 {{days}} 天内到期，请延长委托或安排结案。',
  },
  'entrust.expiredDigest': {
    title: '委托已到期',
    content: '{{count}} 件办理中案件的委托已到期，请以“撤案”结案或延长委托。',
  },
  'court.sessionSoon': {
    title: '开庭提醒',
    content: '案件 {{caseNo}} 将于 {{at}} 在 {{court}} 开庭（还有 {{days}} 天）。',
  },
  'bulk.pushed': {
    title: '新的案件推送',
    content: '向贵所批量推送了 {{count}} 件案件（{{caseNo}} 等），请及时接收或拒绝。',
  },
  'routing.pushed': {
    title: '新的案件推送',
    content: '按分案规则向贵所推送了 {{count}} 件案件（{{caseNo}} 等），请及时接收或拒绝。',
  },
} as const satisfies Record<string, { title: string; content: string }>;
