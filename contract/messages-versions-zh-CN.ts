/** The messages of versions and drafts (contract/versions.ts, server/pages/, server/menus/), zh-CN; spread into contract/messages-zh-CN.ts (the browser loads them as an area: locales/message-areas.ts). */
export const VERSION_MESSAGES_ZH_CN = {
  'version.ifMatchRequired': '发布须带上编辑时载入的版本（请求头 If-Match: "<版本号>"，从未保存过为 "0"）',
  'version.ifMatchMalformed': 'If-Match 须为带引号的版本号，如 "3"',
  'version.stale': '{{savedBy}}已于 {{savedAt}} 保存了较新的版本 {{version}}，您的修改未覆盖它',
  'version.notFound': '没有这个版本',
  'version.someone': '其他管理员',
  'title.tooLong': '标题最多 60 个字',
  'title.blank': '标题不能为空',
} as const;
