import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CataloguePart,
  KEYED_AREAS,
  type KeyedArea,
  keyedAreaOf,
  LOCALES,
  loadCatalogue,
  PAGE_AREAS,
  type PageArea,
} from '../../locales';
import { mergeCatalogue } from '../../locales/merge';

const ROOT = join(import.meta.dirname, '../..');
const EVERY_AREA = {
  'zh-CN': mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>('../../locales/zh-CN/*.ts', { eager: true }),
  ),
  'en-US': mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>('../../locales/en-US/*.ts', { eager: true }),
  ),
};

/** Where the keys of each page area may be used: the pages that load it (src/pages/builtins.tsx, src/router). */
const AREA_PAGES: Record<PageArea, string[]> = {
  settings: [
    'src/pages/user/settings/',
    'src/pages/user/account/',
    'src/pages/user/reset-modify/',
    'src/pages/user/ChangePasswordForm.tsx',
  ],
  editors: ['src/pages/user/menu-editor/', 'src/pages/user/page-editor/', 'src/pages/user/versions/'],
  monitor: ['src/pages/dashboard/monitor/'],
  inspector: ['src/inspector/'],
  account: ['src/pages/user/account/'],
  'user-center': ['src/pages/user/info/'],
  'case-intake': ['src/pages/cases/new/', 'src/pages/cases/import/'],
  routing: ['src/pages/routing/'],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('the catalogue parts the browser loads', () => {
  it('hold every key of every area, once, with the page areas out of the signed-in frame’s part', async () => {
    for (const locale of LOCALES) {
      const keyed = Object.keys(KEYED_AREAS) as KeyedArea[];
      const parts: CataloguePart[] = ['public', 'register', 'app', ...PAGE_AREAS, ...keyed];
      const loaded = await Promise.all(parts.map((part) => loadCatalogue(locale, part)));
      const areaKeys = Object.keys(EVERY_AREA[locale]);
      expect(Object.keys(Object.assign({}, ...loaded)).sort(), locale).toEqual(
        expect.arrayContaining(areaKeys.sort()),
      );
      const app = loaded[2];
      for (const [i, area] of PAGE_AREAS.entries()) {
        const own = Object.keys(loaded[3 + i]);
        expect(own.length, `${locale}/${area}`).toBeGreaterThan(0);
        expect(
          own.filter((key) => key in app),
          `${locale}/${area}`,
        ).toEqual([]);
      }
    }
  });

  it('find each key of a keyed area by its first word', async () => {
    for (const locale of LOCALES) {
      const keyed = Object.keys(KEYED_AREAS) as KeyedArea[];
      for (const area of keyed) {
        const keys = Object.keys(await loadCatalogue(locale, area));
        expect(keys.length, `${locale}/${area}`).toBeGreaterThan(0);
        expect(
          keys.filter((key) => keyedAreaOf(key) !== area),
          `${locale}/${area}`,
        ).toEqual([]);
      }
    }
  });

  it('leave a page area’s keys to the pages that load it', async () => {
    const files = ['src', 'ui-registry', 'contract', 'server/pages'].flatMap((dir) => [...sourceFiles(dir)]);
    const texts = new Map(
      files.map((file) => [relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')]),
    );
    for (const area of PAGE_AREAS) {
      const keys = Object.keys(await loadCatalogue('zh-CN', area));
      const strays: string[] = [];
      for (const [file, text] of texts) {
        if (AREA_PAGES[area].some((allowed) => file.startsWith(allowed))) continue;
        for (const key of keys)
          if (text.includes(`'${key}'`) || text.includes(`"${key}"`)) strays.push(`${key} in ${file}`);
      }
      expect(strays, area).toEqual([]);
    }
  });
});
