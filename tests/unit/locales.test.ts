import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages';
import { ENUMS, type EnumName, enumLabelKey } from '../../contract/pages/enums';
import { DEFAULT_ROUTES, routesBreadthFirst } from '../../contract/routes';
import { CATALOGUES } from '../../locales/all';

const zh = CATALOGUES['zh-CN'];
const en = CATALOGUES['en-US'];

describe('the locale catalogues', () => {
  it('have the same keys in zh-CN and en-US', () => {
    const onlyZh = Object.keys(zh).filter((k) => !(k in en));
    const onlyEn = Object.keys(en).filter((k) => !(k in zh));
    expect(onlyZh).toEqual([]);
    expect(onlyEn).toEqual([]);
  });

  it('have no empty translation', () => {
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const empty = Object.entries(catalogue)
        .filter(([, text]) => !String(text).trim())
        .map(([k]) => k);
      expect(empty, locale).toEqual([]);
    }
  });

  it('carry every server message in both languages', () => {
    for (const key of Object.keys(MESSAGES['zh-CN'])) {
      expect(zh[key as keyof typeof zh], key).toBeTruthy();
      expect(en[key as keyof typeof en], key).toBeTruthy();
    }
  });

  it('name every route of the route table', () => {
    const titles = [
      ...DEFAULT_ROUTES.map((g) => g.title),
      ...routesBreadthFirst(DEFAULT_ROUTES).map((r) => r.title),
    ];
    const missing = titles.filter((key) => typeof key !== 'string' || !(key in zh) || !(key in en));
    expect(missing).toEqual([]);
  });

  it('label every value of every named enum', () => {
    const missing: string[] = [];
    for (const [name, values] of Object.entries(ENUMS)) {
      for (const value of values) {
        const key = enumLabelKey(name as EnumName, value);
        if (!(key in zh) || !(key in en)) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
  });

  it('actually differ between the languages (a copy is not a translation)', () => {
    // A language's own name (简体中文) is the same in every language, on purpose.
    const selfNames = /(zh-CN|zhCN)$/;
    const same = Object.keys(zh).filter(
      (k) =>
        !selfNames.test(k) &&
        /[\u4e00-\u9fff]/.test(String(zh[k as keyof typeof zh])) &&
        zh[k as keyof typeof zh] === en[k as keyof typeof en],
    );
    expect(same).toEqual([]);
  });
});
