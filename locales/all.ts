import appEnUS from './catalogue-app-en-US';
import appZhCN from './catalogue-app-zh-CN';
import enUS from './catalogue-en-US';
import zhCN from './catalogue-zh-CN';

/** Both languages, every part at once: for tests and the completeness check. */
export const CATALOGUES = {
  'zh-CN': { ...zhCN, ...appZhCN },
  'en-US': { ...enUS, ...appEnUS },
} as const;
