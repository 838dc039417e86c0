import { en, zhCN } from 'zod/locales';
import { fieldErrorsOf } from '../../../../contract/envelope';
import { type PageDescriptor, pageDescriptorSchema } from '../../../../contract/pages/descriptor';

export type DraftCheck =
  | { ok: true; value: unknown; page: PageDescriptor }
  /** `value` is set when the text is JSON (the preview can still show why it is wrong). */
  | { ok: false; path: string; message: string; value?: unknown; json: boolean };

const zodLocales = { 'zh-CN': zhCN(), 'en-US': en() } as const;

/**
 * The editor's live check of the text being edited: JSON first, then the descriptor schema
 * (the first wrong field, zod's own messages in the editor's language), then the id, which
 * must stay the page's. The server checks again, and also that every API path and route the
 * descriptor names exists.
 */
export function checkDraft(text: string, pageId: string, locale: string): DraftCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      path: '',
      message: error instanceof Error ? error.message : String(error),
      json: false,
    };
  }
  const zodLocale = locale === 'en-US' ? zodLocales['en-US'] : zodLocales['zh-CN'];
  const result = pageDescriptorSchema.safeParse(value, { error: zodLocale.localeError });
  if (!result.success) {
    const [first] = fieldErrorsOf(result.error.issues, '');
    return { ok: false, path: first.path, message: first.message, value, json: true };
  }
  if (result.data.id !== pageId)
    return { ok: false, path: 'id', message: 'page.idMismatch', value, json: true };
  return { ok: true, value, page: result.data };
}

export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
