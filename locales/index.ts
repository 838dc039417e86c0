import { MESSAGES } from '../contract/messages';

/**
 * The catalogues: one module per area in each language folder (zh-CN/login.ts and
 * en-US/login.ts), picked up here automatically, so work on different screens never touches
 * the same file. Each en-US module is typed against its zh-CN twin. The server's messages
 * and the validation rules' messages (contract/messages.ts) are merged in, written once.
 */
type Catalogue = Record<string, string>;

function merge(modules: Record<string, { default: Catalogue }>): Catalogue {
  const out: Catalogue = {};
  for (const path of Object.keys(modules).sort()) Object.assign(out, modules[path].default);
  return out;
}

const zhModules = import.meta.glob<{ default: Catalogue }>('./zh-CN/*.ts', { eager: true });
const enModules = import.meta.glob<{ default: Catalogue }>('./en-US/*.ts', { eager: true });

export const CATALOGUES = {
  'zh-CN': { ...MESSAGES['zh-CN'], ...merge(zhModules) },
  'en-US': { ...MESSAGES['en-US'], ...merge(enModules) },
} as const;

export type Locale = keyof typeof CATALOGUES;
export const LOCALES: Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
