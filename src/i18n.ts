import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type MessageArea, messageAreaOf } from '../contract/message-areas';
import { type Title, titleText } from '../contract/title-text';
import {
  type CataloguePart,
  DEFAULT_LOCALE,
  keyedAreaOf,
  LOCALES,
  type Locale,
  loadCatalogue,
  PAGE_AREA_KEYED,
  type PageArea,
} from '../locales';
import { MESSAGE_AREA_LOADERS, PAGE_AREA_MESSAGES } from '../locales/message-areas';

/** Storage key fixed by ARCHITECTURE.md §8. */
export const LOCALE_KEY = 'arco-locale';

export function storedLocale(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLocale(),
  // zh-CN is the product's language; a key missing there falls back to en-US.
  fallbackLng: 'en-US',
  partialBundledLanguages: true,
  // Keys are flat strings with dots in them (menu.list.searchTable).
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A key of a message area not loaded yet (contract/message-areas.ts) loads that area; the
  // components that asked render again when it is added (bindI18nStore), so a rule's message
  // shown before its area arrived still reads right.
  saveMissing: true,
  missingKeyHandler: (_lngs, _ns, key) => void ensureTexts([key]),
  react: { bindI18nStore: 'added' },
});

/** Which parts of the catalogue are in use (the app part joins with the signed-in frame). */
const partsInUse = new Set<CataloguePart>(['public']);
/** Which message areas are in use (their pages opened, or one of their keys asked for). */
const messageAreasInUse = new Set<MessageArea>();
const loaded = new Set<string>();

async function ensureCatalogue(locale: Locale): Promise<void> {
  for (const part of partsInUse) {
    const id = `${locale}/${part}`;
    if (loaded.has(id)) continue;
    i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale, part), true, true);
    loaded.add(id);
  }
  for (const area of messageAreasInUse) {
    const id = `${locale}/messages-${area}`;
    if (loaded.has(id)) continue;
    i18n.addResourceBundle(locale, 'translation', await MESSAGE_AREA_LOADERS[locale][area](), true, true);
    loaded.add(id);
  }
}

/**
 * Loads the message areas (contract/message-areas.ts) and the keyed catalogue areas
 * (locales/index.ts `KEYED_AREAS`) these keys belong to; nothing for keys already at hand.
 * Awaited before a text is shown outside React (the HTTP layer's notices) and before a
 * descriptor renders (src/app/registry-env.ts), so neither shows a bare key.
 */
export async function ensureTexts(keys: readonly string[]): Promise<void> {
  const locale = currentLocale();
  let wanted = false;
  for (const key of keys) {
    // A key at hand needs nothing; other parts hold keys with an area's first word too
    // (`case.caseNo`, a field label of the app part).
    if (i18n.exists(key, { lng: locale })) continue;
    const messages = messageAreaOf(key);
    if (messages && !loaded.has(`${locale}/messages-${messages}`)) {
      messageAreasInUse.add(messages);
      wanted = true;
    }
    const keyed = keyedAreaOf(key);
    if (keyed && !loaded.has(`${locale}/${keyed}`)) {
      partsInUse.add(keyed);
      wanted = true;
    }
  }
  if (wanted) await ensureCatalogue(locale);
}

/** Called by the signed-in frame before it renders: menus, pages and enums join the catalogue. */
export async function loadAppCatalogue(): Promise<void> {
  partsInUse.add('app');
  await ensureCatalogue(currentLocale());
}

/** Called by the registration and password-reset pages before they render: their own area joins. */
export async function loadRegisterCatalogue(): Promise<void> {
  partsInUse.add('register');
  await ensureCatalogue(currentLocale());
}

/** Called by a hand-written page's loader: the areas only it uses join the catalogue (locales/index.ts). */
export async function loadPageAreas(areas: readonly PageArea[]): Promise<void> {
  for (const area of areas) {
    partsInUse.add(area);
    for (const messages of PAGE_AREA_MESSAGES[area] ?? []) messageAreasInUse.add(messages);
    for (const keyed of PAGE_AREA_KEYED[area] ?? []) partsInUse.add(keyed);
  }
  await ensureCatalogue(currentLocale());
}

function applyLocale(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Loads the stored language's catalogue (and nothing else) before the first render. */
export async function initI18n(): Promise<void> {
  const locale = storedLocale();
  await ensureCatalogue(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

/** Switches the UI language: stored under `arco-locale`, `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  await ensureCatalogue(locale);
  localStorage.setItem(LOCALE_KEY, locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

export function currentLocale(): Locale {
  return LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

/** A title (an i18n key, or the text in both languages) in the current language. */
export function titleOf(title: Title): string {
  return titleText(title, currentLocale(), (key) => t(key));
}

/** Translation outside React (interceptors, machines' notices). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params ?? {}) as string;
}
