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

/**
 * Where a NUL character is in a request's part (a string or a key, at any depth), or null.
 * The text schemas (contract/text.ts) refuse it and more, field by field; this is the floor
 * under the fields no text schema describes (a descriptor's or a menu's JSON): PostgreSQL
 * answers 500 to NUL in text where SQLite stores it. Walked with a list, not recursion: a body
 * may nest as deep as its size allows.
 */
export function nulPath(value: unknown): string | null {
  type Item = { value: unknown; key: string | null; parent: Item | null };
  const pathOf = (item: Item | null, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let at = item; at && at.key !== null; at = at.parent) keys.unshift(at.key);
    return keys.join('.');
  };
  const pending: Item[] = [{ value, key: null, parent: null }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return pathOf(item);
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        if (key.includes('\u0000')) return pathOf(item, key.replaceAll('\u0000', '\\0'));
        pending.push({ value: child, key, parent: item });
      }
    }
  }
  return null;
}

/** Parses one part of a request, or throws a 400 naming every wrong field. */
export function parseInput<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  lang: Language,
): z.output<T> {
  const nul = nulPath(value);
  if (nul !== null) throw fail.validation([{ path: nul, message: translate(lang, 'rule.textChars') }]);
  const result = z.safeParse(schema, value, { error: zodLocales[lang].localeError });
  if (!result.success) throw fail.validation(toFieldErrors(result.error, lang));
  return result.data;
}
