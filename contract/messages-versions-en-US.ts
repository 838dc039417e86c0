import type { VERSION_MESSAGES_ZH_CN } from './messages-versions-zh-CN';

/** The versions messages, en-US (the twin of messages-versions-zh-CN.ts). */
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
