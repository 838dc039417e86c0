import type { Title } from './title-text';
import { z } from './zod-mini';

/** A title's schema; the type and `titleText` are in title-text.ts (no zod: the browser's entry shows titles). */
export { type Title, titleText } from './title-text';

/** i18n key of a title: dotted words (menu.list.searchTable). */
export const titleKeySchema = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/, 'menu.titleKey'));

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is its job
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Text shown as a title: one line, something visible, no control or bidi characters. */
const plainTitleSchema = z.string().check(
  z.maxLength(60, 'title.tooLong'),
  z.refine((t) => t.trim() !== '', 'title.blank'),
  z.refine((t) => !CONTROL_OR_BIDI.test(t), 'rule.textChars'),
);

export const bilingualTitleSchema = z.strictObject({ 'zh-CN': plainTitleSchema, 'en-US': plainTitleSchema });

/**
 * A title as descriptors and menus carry it. A string is a key (a plain Chinese string is
 * refused with `menu.titleKey`: write it as `{"zh-CN", "en-US"}`); an object is the text in
 * both languages, each checked at its own path (`title.en-US`).
 */
export const titleSchema: z.ZodMiniType<Title> = z.union([titleKeySchema, bilingualTitleSchema]);
