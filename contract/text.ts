import { z } from 'zod';

/**
 * What a person's text may hold, for every text field of every request: names, notes, reasons,
 * keywords, phones, passwords. PostgreSQL refuses NUL in text (error 22021) where SQLite
 * stores it, so both databases must see the same 400 first; the rest are characters no person
 * types that spoof or break what others read:
 *
 * - C0 and C1 controls (a multi-line field keeps its line breaks and tabs), DEL;
 * - bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069), which reorder what a
 *   reviewer reads (a case number or amount shown backwards);
 * - lone surrogates (half of a character; a surrogate pair, a rare CJK character of a name, is
 *   one character and stays);
 * - in a single-line field, the line and paragraph separators U+2028/2029.
 *
 * A text that is not empty must show something: whitespace and zero-width characters alone
 * (a reason of "\u200B") are refused. Joiners inside text (ZWJ, ZWNJ) and `·` in minority
 * names are text and stay.
 */
const SINGLE_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
const MULTI_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2060\uFEFF]/gu;

/** Why a text cannot be taken (a message key), or null when it can. */
export function textProblem(value: string, multiline = false): 'rule.textChars' | 'rule.textBlank' | null {
  if ((multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)) return 'rule.textChars';
  if (value !== '' && value.replace(INVISIBLE, '') === '') return 'rule.textBlank';
  return null;
}

/** The check `textProblem` as a zod refinement, for a string schema built another way (passwords, patterns). */
export function refuseBadText(multiline = false) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

export interface TextRule {
  /** Characters at most (after trimming). */
  max: number;
  /** Characters at least (after trimming); 1 or more makes it required. */
  min?: number;
  /** Line breaks and tabs allowed (notes, descriptions, reasons). */
  multiline?: boolean;
  minMessage?: string;
  maxMessage?: string;
}

/**
 * The one builder of a text field a person fills in: trimmed, `min` to `max` characters, and
 * nothing `textProblem` refuses.
 */
export function textField({ max, min = 0, multiline = false, minMessage, maxMessage }: TextRule) {
  return z.string().trim().min(min, minMessage).max(max, maxMessage).superRefine(refuseBadText(multiline));
}
