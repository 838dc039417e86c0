import type { Catalogue } from './merge';

/**
 * The catalogues: one module per area in each language folder (zh-CN/login.ts and
 * en-US/login.ts, the en-US one typed against its zh-CN twin). The browser loads only the
 * language in use, and in parts: `public` (the areas every public page needs, plus
 * contract/messages.ts) at start, `register` (the registration and password-reset pages' own
 * area) with those pages, `app` (every other area) with the signed-in frame. Switching language
 * loads the parts already in use for the new language.
 */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export type CataloguePart = 'public' | 'register' | 'app';

const loaders: Record<CataloguePart, Record<Locale, () => Promise<{ default: Catalogue }>>> = {
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
  return (await loaders[part][locale]()).default;
}
