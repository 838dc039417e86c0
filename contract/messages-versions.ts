/** The messages of versions and drafts (contract/versions.ts, server/pages/, server/menus/), spread into contract/messages-*.ts. */
export const VERSION_MESSAGES_ZH_CN = {
  'version.ifMatchRequired': '发布须带上编辑时载入的版本（请求头 If-Match: "<版本号>"，从未保存过为 "0"）',
  'version.ifMatchMalformed': 'If-Match 须为带引号的版本号，如 "3"',
  'version.stale': '{{savedBy}}已于 {{savedAt}} 保存了较新的版本 {{version}}，您的修改未覆盖它',
  'version.notFound': '没有这个版本',
  'version.someone': '其他管理员',
  'title.tooLong': '标题最多 60 个字',
  'title.blank': '标题不能为空',
} as const;

export const VERSION_MESSAGES_EN_US: Record<keyof typeof VERSION_MESSAGES_ZH_CN, string> = {
  'version.ifMatchRequired':
    'Publishing needs the version the edit started from (header If-Match: "<version>", "0" when never saved)',
  'version.ifMatchMalformed': 'If-Match must be a quoted version number, such as "3"',
  'version.stale':
    '{{savedBy}} saved a newer version {{version}} at {{savedAt}}; your change did not overwrite it',
  'version.notFound': 'There is no such version',
  'version.someone': 'Another administrator',
  'title.tooLong': 'A title has at most 60 characters',
  'title.blank': 'A title cannot be blank',
};
