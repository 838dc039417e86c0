/**
 * A title (a page's, a tab's, a menu entry's): an i18n key of the catalogue (`menu.caseList`)
 * or plain text in both languages (`{"zh-CN": "我的案件", "en-US": "My cases"}`), so an
 * administrator can name a page without a catalogue entry. Either way it is shown in the
 * reader's language (`titleText`). Its schema is in `title.ts`; this module imports no zod, so
 * the browser's entry (src/i18n.ts) shows titles without loading zod's core (about 19 kB gzip
 * on /login).
 */
export type Title = string | { 'zh-CN': string; 'en-US': string };

/** The title in the reader's language: the text of that language, or the key translated. */
export function titleText(title: Title, lang: string, translateKey: (key: string) => string): string {
  if (typeof title === 'string') return translateKey(title);
  return lang.startsWith('en') ? title['en-US'] : title['zh-CN'];
}
