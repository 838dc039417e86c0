import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textField, textProblem } from '../../contract/text';

/** Characters no person types, by why (contract/text.ts). */
const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  ...Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c)),
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'],
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
];
const KEPT_IN_NOTES = ['\n', '\r', '\t'];

describe('text a person types', () => {
  it.each([
    ['a plain name', '张三', null],
    ['a minority name with ·', '阿依古丽·买买提', null],
    ['a rare character (a surrogate pair)', '𠮷野家', null],
    ['a joiner inside text', '👩\u200D💻 工程师', null],
    ['a non-joiner inside text', 'ab\u200Ccd', null],
    ['an empty optional text', '', null],
    ['NUL', 'a\u0000b', 'rule.textChars'],
    ['a C1 control', 'a\u0085b', 'rule.textChars'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'rule.textChars'],
    ['a lone high surrogate', 'a\uD842', 'rule.textChars'],
    ['a lone low surrogate', '\uDFB7a', 'rule.textChars'],
    ['a line break in a single line', 'a\nb', 'rule.textChars'],
    ['a line separator in a single line', 'a\u2028b', 'rule.textChars'],
    ['a zero-width space alone', '\u200B', 'rule.textBlank'],
    ['zero-width and ideographic spaces alone', '\u200B\u3000\uFEFF\u2060', 'rule.textBlank'],
  ] as const)('%s: %s -> %s', (_, value, problem) => {
    expect(textProblem(value)).toBe(problem);
  });

  it('keeps line breaks and tabs in a multi-line text, never elsewhere', () => {
    for (const c of KEPT_IN_NOTES) {
      expect(textProblem(`第一行${c}第二行`, true)).toBeNull();
      expect(textProblem(`第一行${c}第二行`)).toBe('rule.textChars');
    }
  });

  it('refuses any text holding a forbidden character, wherever it stands (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...FORBIDDEN),
        fc.string(),
        fc.boolean(),
        (before, bad, after, multiline) => {
          fc.pre(!(multiline && KEPT_IN_NOTES.includes(bad)));
          // A lone surrogate next to its other half would make a pair: that is a character.
          fc.pre(!/[\uD800-\uDBFF]$/.test(before) && !/^[\uDC00-\uDFFF]/.test(after));
          expect(textProblem(before + bad + after, multiline)).toBe('rule.textChars');
        },
      ),
    );
  });

  it('takes any well-formed text without controls that shows a character (property)', () => {
    const visible = fc
      .string({ unit: 'grapheme', minLength: 1 })
      .filter((s) => textProblem(s) === null && s.trim() !== '');
    fc.assert(
      fc.property(visible, (value) => {
        expect(textField({ max: 10_000 }).safeParse(value).success).toBe(true);
      }),
    );
  });

  it('trims, then measures and checks: a required field of blanks is refused with its own message', () => {
    const required = textField({ min: 1, max: 5, minMessage: 'rule.nicknameRequired' });
    expect(required.safeParse('  张三  ').data).toBe('张三');
    expect(required.safeParse('   ').error?.issues[0]?.message).toBe('rule.nicknameRequired');
    expect(required.safeParse('\u200B').error?.issues[0]?.message).toBe('rule.textBlank');
    expect(required.safeParse('张\u0000三').error?.issues[0]?.message).toBe('rule.textChars');
  });
});
