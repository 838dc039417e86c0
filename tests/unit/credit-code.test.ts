import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from '../../contract/credit-code';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const char = fc.constantFrom(...ALPHABET.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
/** The first 17 characters of a well-formed code: 2 alphabet characters, 6 digits, 9 alphabet characters. */
const first17 = fc
  .tuple(
    fc.array(char, { minLength: 2, maxLength: 2 }),
    fc.array(digit, { minLength: 6, maxLength: 6 }),
    fc.array(char, { minLength: 9, maxLength: 9 }),
  )
  .map(([a, b, c]) => [...a, ...b, ...c].join(''));

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts the example printed in the standard', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('computes a check character that makes the code valid', () => {
    fc.assert(
      fc.property(first17, (body) => {
        const check = creditCodeCheckChar(body);
        expect(check).not.toBeNull();
        expect(isValidCreditCode(body + check)).toBe(true);
      }),
    );
  });

  it('accepts exactly one of the 31 possible check characters', () => {
    fc.assert(
      fc.property(first17, (body) => {
        const valid = ALPHABET.split('').filter((c) => isValidCreditCode(body + c));
        expect(valid).toEqual([creditCodeCheckChar(body)]);
      }),
    );
  });

  it('notices any single mistyped character', () => {
    fc.assert(
      fc.property(first17, fc.nat(16), char, (body, position, replacement) => {
        fc.pre(body[position] !== replacement && (position < 2 || position > 7 || /\d/.test(replacement)));
        const code = body + creditCodeCheckChar(body);
        const typo = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(isValidCreditCode(typo)).toBe(false);
      }),
    );
  });

  it.each([
    ['a wrong check character', '91350100M000100Y44'],
    ['lower case', '91350100m000100y43'],
    ['17 characters', '91350100M000100Y4'],
    ['19 characters', '91350100M000100Y430'],
    ['a letter where the region code is', '9135A100M000100Y43'],
    ['the letter I, which the alphabet leaves out', '91350100I000100Y43'],
    ['the letter O', '91350100O000100Y43'],
    ['the letters S, V and Z', '91350100SVZ00100Y4'],
    ['spaces', '91350100 M000100Y4'],
    ['nothing', ''],
  ])('refuses %s', (_, code) => {
    expect(isValidCreditCode(code)).toBe(false);
  });

  it('has no check character for a body outside the alphabet or of the wrong length', () => {
    expect(creditCodeCheckChar('91350100I000100Y4')).toBeNull();
    expect(creditCodeCheckChar('91350100M000100Y')).toBeNull();
  });
});
