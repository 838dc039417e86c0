import { ConfigProvider } from '@arco-design/web-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../locales';
import { type ArcoLocale as ArcoLocaleData, arcoLocaleFor, DEFAULT_ARCO_LOCALE } from './arco-locale';

/** Arco's own strings (pagination, pickers, empty states, modals) in the UI language. */
export function ArcoLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<ArcoLocaleData>(DEFAULT_ARCO_LOCALE);
  useEffect(() => {
    let current = true;
    void arcoLocaleFor(i18n.language as Locale).then((l) => current && setLocale(l));
    return () => {
      current = false;
    };
  }, [i18n.language]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
