import { MESSAGES_EN_US, MESSAGES_ZH_CN } from '../contract/messages';
import appEnUS from './catalogue-app-en-US';
import appZhCN from './catalogue-app-zh-CN';
import enUS from './catalogue-en-US';
import zhCN from './catalogue-zh-CN';
import registerEnUS from './en-US/register';
import { mergeCatalogue } from './merge';
import registerZhCN from './zh-CN/register';

const pageAreas = {
  'zh-CN': mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>(
      [
        './zh-CN/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
        './zh-CN/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
      ],
      {
        eager: true,
      },
    ),
  ),
  'en-US': mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>(
      [
        './en-US/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
        './en-US/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
      ],
      {
        eager: true,
      },
    ),
  ),
};

/** Both languages, every part (and every message area) at once: for tests and the completeness check. */
export const CATALOGUES = {
  'zh-CN': { ...MESSAGES_ZH_CN, ...zhCN, ...registerZhCN, ...appZhCN, ...pageAreas['zh-CN'] },
  'en-US': { ...MESSAGES_EN_US, ...enUS, ...registerEnUS, ...appEnUS, ...pageAreas['en-US'] },
} as const;
