import { describe, expect, it } from 'vitest';
import { MESSAGE_AREAS, type MessageArea, messageAreaOf } from '../../contract/message-areas';
import { MESSAGES_EN_US, MESSAGES_ZH_CN } from '../../contract/messages';
import { CORE_MESSAGES_EN_US } from '../../contract/messages-en-US';
import { CORE_MESSAGES_ZH_CN } from '../../contract/messages-zh-CN';
import { LOCALES, loadCatalogue } from '../../locales';
import { MESSAGE_AREA_LOADERS } from '../../locales/message-areas';

const AREAS = Object.keys(MESSAGE_AREAS) as MessageArea[];
const ALL = { 'zh-CN': MESSAGES_ZH_CN, 'en-US': MESSAGES_EN_US } as const;
const CORE = { 'zh-CN': CORE_MESSAGES_ZH_CN, 'en-US': CORE_MESSAGES_EN_US } as const;

describe('the message areas the browser loads on demand', () => {
  it('find every key of an area module in that area, and no core key in any', async () => {
    for (const locale of LOCALES) {
      for (const area of AREAS) {
        const keys = Object.keys(await MESSAGE_AREA_LOADERS[locale][area]());
        expect(keys.length, `${locale}/${area}`).toBeGreaterThan(0);
        expect(
          keys.filter((key) => messageAreaOf(key) !== area),
          `${locale}/${area}`,
        ).toEqual([]);
      }
      expect(
        Object.keys(CORE[locale]).filter((key) => messageAreaOf(key) !== null),
        locale,
      ).toEqual([]);
    }
  });

  it('together with the core are every message, each once, in the reader’s language only', async () => {
    for (const locale of LOCALES) {
      const parts = [
        CORE[locale],
        ...(await Promise.all(AREAS.map((a) => MESSAGE_AREA_LOADERS[locale][a]()))),
      ];
      const keys = parts.flatMap((part) => Object.keys(part));
      expect(new Set(keys).size, `${locale}: a key in two parts`).toBe(keys.length);
      expect(keys.sort(), locale).toEqual(Object.keys(ALL[locale]).sort());
      for (const part of parts)
        for (const [key, text] of Object.entries(part))
          expect(text, `${locale} ${key}`).toBe(ALL[locale][key as keyof (typeof ALL)[typeof locale]]);
    }
  });

  it('keep the public part of the catalogue to the core messages', async () => {
    for (const locale of LOCALES) {
      const publicPart = await loadCatalogue(locale, 'public');
      expect(
        Object.keys(publicPart).filter((key) => messageAreaOf(key) !== null && key in ALL[locale]),
      ).toEqual([]);
      for (const key of Object.keys(CORE[locale]))
        expect(publicPart, `${locale} ${key}`).toHaveProperty([key]);
    }
  });
});
