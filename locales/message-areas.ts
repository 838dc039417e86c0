import type { MessageArea } from '../contract/message-areas';
import type { Locale, PageArea } from './index';
import type { Catalogue } from './merge';

type Loader = () => Promise<Catalogue>;

/**
 * Each area's messages in each language, a chunk of their own (contract/message-areas.ts): the
 * browser fetches the reader's language of an area only.
 */
export const MESSAGE_AREA_LOADERS: Record<Locale, Record<MessageArea, Loader>> = {
  'zh-CN': {
    ledger: async () => (await import('../contract/messages-ledger-zh-CN')).LEDGER_MESSAGES_ZH_CN,
    creditors: async () => (await import('../contract/messages-creditors-zh-CN')).CREDITOR_MESSAGES_ZH_CN,
    versions: async () => (await import('../contract/messages-versions-zh-CN')).VERSION_MESSAGES_ZH_CN,
    plans: async () => (await import('../contract/messages-plans-zh-CN')).PLAN_MESSAGES_ZH_CN,
    bulk: async () => (await import('../contract/messages-bulk-zh-CN')).BULK_MESSAGES_ZH_CN,
    routing: async () => (await import('../contract/messages-routing-zh-CN')).ROUTING_MESSAGES_ZH_CN,
    imports: async () => (await import('../contract/messages-imports-zh-CN')).IMPORT_MESSAGES_ZH_CN,
    cases: async () => (await import('../contract/messages-cases-zh-CN')).CASE_MESSAGES_ZH_CN,
  },
  'en-US': {
    ledger: async () => (await import('../contract/messages-ledger-en-US')).LEDGER_MESSAGES_EN_US,
    creditors: async () => (await import('../contract/messages-creditors-en-US')).CREDITOR_MESSAGES_EN_US,
    versions: async () => (await import('../contract/messages-versions-en-US')).VERSION_MESSAGES_EN_US,
    plans: async () => (await import('../contract/messages-plans-en-US')).PLAN_MESSAGES_EN_US,
    bulk: async () => (await import('../contract/messages-bulk-en-US')).BULK_MESSAGES_EN_US,
    routing: async () => (await import('../contract/messages-routing-en-US')).ROUTING_MESSAGES_EN_US,
    imports: async () => (await import('../contract/messages-imports-en-US')).IMPORT_MESSAGES_EN_US,
    cases: async () => (await import('../contract/messages-cases-en-US')).CASE_MESSAGES_EN_US,
  },
};

/** The message areas a page area's pages validate with: they load together (src/i18n.ts). */
export const PAGE_AREA_MESSAGES: Partial<Record<PageArea, readonly MessageArea[]>> = {
  editors: ['versions'],
  routing: ['routing'],
  'case-intake': ['imports', 'cases'],
};
