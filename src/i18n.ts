import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, DEFAULT_LOCALE, type Locale, LOCALES } from '../locales';

/** Storage key fixed by ARCHITECTURE.md §8. */
export const LOCALE_KEY = 'arco-locale';

export function storedLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: CATALOGUES[l] }])),
  lng: storedLocale(),
  fallbackLng: 'en-US',
  // Keys are flat strings with dots in them (menu.list.searchTable).
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLocale(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyLocale(i18n.language as Locale);

/** Switches the UI language: stored under `arco-locale`, `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_KEY, locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

export function currentLocale(): Locale {
  return (i18n.language as Locale) ?? DEFAULT_LOCALE;
}

/** Translation outside React (interceptors, machines' notices). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}
