/**
 * Messages the server sends and the validation keys of contract/ schemas, in both
 * languages. The server answers in the caller's language (Accept-Language); the browser
 * merges them into its catalogue, so a rule's message is written once. The browser never
 * imports this module: it loads one language's core (messages-<locale>.ts) at start and each
 * area (messages-<area>-<locale>.ts, contract/message-areas.ts) on demand; this module puts
 * them together (an object spread is kept by the bundler, so it must not sit in a module the
 * browser loads).
 */
import { BULK_MESSAGES_EN_US } from './messages-bulk-en-US';
import { BULK_MESSAGES_ZH_CN } from './messages-bulk-zh-CN';
import { CASE_MESSAGES_EN_US } from './messages-cases-en-US';
import { CASE_MESSAGES_ZH_CN } from './messages-cases-zh-CN';
import { CREDITOR_MESSAGES_EN_US } from './messages-creditors-en-US';
import { CREDITOR_MESSAGES_ZH_CN } from './messages-creditors-zh-CN';
import { CORE_MESSAGES_EN_US } from './messages-en-US';
import { IMPORT_MESSAGES_EN_US } from './messages-imports-en-US';
import { IMPORT_MESSAGES_ZH_CN } from './messages-imports-zh-CN';
import { LEDGER_MESSAGES_EN_US } from './messages-ledger-en-US';
import { LEDGER_MESSAGES_ZH_CN } from './messages-ledger-zh-CN';
import { PLAN_MESSAGES_EN_US } from './messages-plans-en-US';
import { PLAN_MESSAGES_ZH_CN } from './messages-plans-zh-CN';
import { ROUTING_MESSAGES_EN_US } from './messages-routing-en-US';
import { ROUTING_MESSAGES_ZH_CN } from './messages-routing-zh-CN';
import { VERSION_MESSAGES_EN_US } from './messages-versions-en-US';
import { VERSION_MESSAGES_ZH_CN } from './messages-versions-zh-CN';
import { CORE_MESSAGES_ZH_CN } from './messages-zh-CN';

/** Every message in zh-CN: the areas and the core. */
export const MESSAGES_ZH_CN = {
  ...LEDGER_MESSAGES_ZH_CN,
  ...CREDITOR_MESSAGES_ZH_CN,
  ...VERSION_MESSAGES_ZH_CN,
  ...PLAN_MESSAGES_ZH_CN,
  ...BULK_MESSAGES_ZH_CN,
  ...ROUTING_MESSAGES_ZH_CN,
  ...IMPORT_MESSAGES_ZH_CN,
  ...CASE_MESSAGES_ZH_CN,
  ...CORE_MESSAGES_ZH_CN,
} as const;

export type MessageKey = keyof typeof MESSAGES_ZH_CN;

/** Every message in en-US: the areas and the core. */
export const MESSAGES_EN_US: Record<MessageKey, string> = {
  ...LEDGER_MESSAGES_EN_US,
  ...CREDITOR_MESSAGES_EN_US,
  ...VERSION_MESSAGES_EN_US,
  ...PLAN_MESSAGES_EN_US,
  ...BULK_MESSAGES_EN_US,
  ...ROUTING_MESSAGES_EN_US,
  ...IMPORT_MESSAGES_EN_US,
  ...CASE_MESSAGES_EN_US,
  ...CORE_MESSAGES_EN_US,
};

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
