import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';

export type { ArcoLocale };

import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { Locale } from '../../locales';

/** Arco's own strings (pagination, pickers, modals): zh-CN is Arco's default; en-US loads on demand. */
export async function arcoLocaleFor(locale: Locale): Promise<ArcoLocale> {
  if (locale === 'en-US') return (await import('@arco-design/web-react/es/locale/en-US')).default;
  return zhCN;
}

export const DEFAULT_ARCO_LOCALE = zhCN;
