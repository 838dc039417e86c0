import type { Catalogue } from './merge';

/**
 * The catalogues: one module per area in each language folder (zh-CN/login.ts and
 * en-US/login.ts, the en-US one typed against its zh-CN twin). The browser loads only the
 * language in use, and in parts: `public` (the areas every public page needs, plus
 * contract/messages.ts) at start, `register` (the registration and password-reset pages' own
 * area) with those pages, `app` (every other area but the page areas below) with the signed-in
 * frame, each page area with its pages. Switching language
 * loads the parts already in use for the new language.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/**
 * Areas that only hand-written pages use (user settings and the pages that share its forms,
 * the menu and page editors, the monitor, the machine inspector, account management, the user
 * center, the case intake and import pages): each loads with those pages
 * (src/pages/builtins.tsx, src/router), not with the signed-in frame, which every page waits for.
 */
export const PAGE_AREAS = [
  'settings',
  'editors',
  'monitor',
  'inspector',
  'account',
  'user-center',
  'case-intake',
  'routing',
] as const;
export type PageArea = (typeof PAGE_AREAS)[number];
/**
 * Areas that descriptor pages and the registry's widgets on them use, by the first dotted word
 * of their keys: each loads when one of its keys is asked for (src/i18n.ts `ensureTexts`: a
 * descriptor's keys before it renders, a key found missing otherwise), not with the signed-in
 * frame (tests/unit/catalogue-parts.test.ts checks the prefixes find every key).
 */
export const KEYED_AREAS = {
  cases: ['case'],
  creditors: ['batch', 'creditor', 'settlement'],
  firms: ['firm'],
  ledger: ['ledger'],
  operations: ['access', 'operations'],
  parties: ['party', 'pii'],
  plans: ['plan'],
  'bulk-jobs': ['bulkJobs'],
} as const satisfies Record<string, readonly string[]>;
export type KeyedArea = keyof typeof KEYED_AREAS;
export type CataloguePart = 'public' | 'register' | 'app' | PageArea | KeyedArea;

const keyedByPrefix = new Map<string, KeyedArea>(
  (Object.entries(KEYED_AREAS) as [KeyedArea, readonly string[]][]).flatMap(([area, prefixes]) =>
    prefixes.map((prefix) => [prefix, area] as const),
  ),
);

/** The keyed areas a page area's hand-written pages use too: they load together (src/i18n.ts). */
export const PAGE_AREA_KEYED: Partial<Record<PageArea, readonly KeyedArea[]>> = {
  'case-intake': ['cases', 'parties', 'ledger'],
};

/** The keyed area a key belongs to by its first dotted word, or null. */
export function keyedAreaOf(key: string): KeyedArea | null {
  return keyedByPrefix.get(key.slice(0, key.indexOf('.'))) ?? null;
}

type Loader = () => Promise<{ default: Catalogue }>;
const pageAreaLoaders: Record<Locale, Record<string, Loader>> = {
  'zh-CN': import.meta.glob<{ default: Catalogue }>([
    './zh-CN/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
    './zh-CN/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
  ]),
  'en-US': import.meta.glob<{ default: Catalogue }>([
    './en-US/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
    './en-US/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
  ]),
};

const loaders: Record<'public' | 'register' | 'app', Record<Locale, Loader>> = {
  public: {
    'zh-CN': () => import('./catalogue-zh-CN'),
    'en-US': () => import('./catalogue-en-US'),
  },
  register: {
    'zh-CN': () => import('./zh-CN/register'),
    'en-US': () => import('./en-US/register'),
  },
  app: {
    'zh-CN': () => import('./catalogue-app-zh-CN'),
    'en-US': () => import('./catalogue-app-en-US'),
  },
};

export async function loadCatalogue(locale: Locale, part: CataloguePart): Promise<Catalogue> {
  const load =
    part in loaders
      ? loaders[part as keyof typeof loaders][locale]
      : pageAreaLoaders[locale][`./${locale}/${part}.ts`];
  return (await load()).default;
}
