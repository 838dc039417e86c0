import appEnUS from './catalogue-app-en-US';
import appZhCN from './catalogue-app-zh-CN';
import enUS from './catalogue-en-US';
import zhCN from './catalogue-zh-CN';
import registerEnUS from './en-US/register';
import registerZhCN from './zh-CN/register';

/** Both languages, every part at once: for tests and the completeness check. */
export const CATALOGUES = {
  'zh-CN': { ...zhCN, ...registerZhCN, ...appZhCN },
  'en-US': { ...enUS, ...registerEnUS, ...appEnUS },
} as const;
