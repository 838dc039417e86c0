/**
 * Messages the server sends and the validation keys of contract/ schemas, in both
 * languages. The server answers in the caller's language (Accept-Language); the browser
 * merges this catalogue into its own, so a rule's message is written once.
 */
import { MESSAGES_EN_US } from './messages-en-US';
import { MESSAGES_ZH_CN, type MessageKey } from './messages-zh-CN';

export type { MessageKey };

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export const MESSAGES: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': MESSAGES_ZH_CN,
  'en-US': MESSAGES_EN_US,
};

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES_ZH_CN, key);
}

export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return MESSAGES[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
