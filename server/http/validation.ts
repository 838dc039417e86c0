import { z } from 'zod';
import { type FieldError, fieldErrorsOf } from '../../contract/envelope';
import { isMessageKey, type Language, translate } from '../../contract/messages';
import { fail } from './errors';

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() };

/** Schema-level messages are catalogue keys; zod's own messages come in the caller's language. */
export function localizeMessage(lang: Language, message: string): string {
  return isMessageKey(message) ? translate(lang, message) : message;
}

export function toFieldErrors(error: z.ZodError, lang: Language): FieldError[] {
  return fieldErrorsOf(error.issues).map((e) => ({ ...e, message: localizeMessage(lang, e.message) }));
}

/** Parses one part of a request, or throws a 400 naming every wrong field. */
export function parseInput<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  lang: Language,
): z.output<T> {
  const result = z.safeParse(schema, value, { error: zodLocales[lang].localeError });
  if (!result.success) throw fail.validation(toFieldErrors(result.error, lang));
  return result.data;
}
