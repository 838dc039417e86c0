import { describe, expect, it } from 'vitest';
import { CASELESS, caseless, caseTermRows, keywordBigrams, termsOf } from '../../server/cases/search-terms';

const fields = (title: string, debtor = '', client = '') => ({
  title,
  debtor_name: debtor,
  client_name: client,
});

describe('termsOf: what the keyword index stores for a case', () => {
  it('takes the distinct bigrams of each field on its own, never across two fields', () => {
    expect(termsOf(fields('张伟诉李四', '李四', '张伟')).sort()).toEqual(
      ['伟诉', '张伟', '李四', '诉李'].sort(),
    );
    // "伟李" would span the debtor and the client: not a term.
    expect(termsOf(fields('', '张伟', '李四'))).not.toContain('伟李');
  });

  it('stores each bigram once however often it occurs', () => {
    expect(termsOf(fields('哈哈哈哈', '哈哈'))).toEqual(['哈哈']);
  });

  it('has nothing for fields shorter than two characters', () => {
    expect(termsOf(fields('张', '', '李'))).toEqual([]);
  });

  it('indexes only characters without case: Chinese, digits, punctuation, spaces', () => {
    expect(termsOf(fields('ABC科技12%')).sort()).toEqual(['12', '2%', '技1', '科技'].sort());
    // Letters with case (Latin, Greek, İ and its combining dot) are left to LIKE.
    expect(termsOf(fields('İ张Ωx'))).toEqual([]);
    expect(termsOf(fields('i\u0307张'))).toEqual([]);
  });

  it('decides each character as the Unicode pattern does, the quick ways for ASCII and CJK included', () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0x2ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (caseless(char) !== CASELESS.test(char)) differ.push(code);
    }
    expect(differ).toEqual([]);
  });

  it('counts characters outside the basic plane as one character', () => {
    expect(termsOf(fields('𠀀𠀁'))).toEqual(['𠀀𠀁']);
  });

  it('gives rows for cases in insert order', () => {
    expect(caseTermRows([7, 9], [fields('张伟'), fields('李四')])).toEqual([
      { term: '张伟', case_id: 7 },
      { term: '李四', case_id: 9 },
    ]);
  });
});

describe('keywordBigrams: the bigrams a keyword search may drive from', () => {
  it('are the keyword’s indexed bigrams', () => {
    expect(keywordBigrams('张伟')).toEqual(['张伟']);
    expect(keywordBigrams('张伟诉')).toEqual(['张伟', '伟诉']);
    expect(keywordBigrams('ABC科技')).toEqual(['科技']);
    expect(keywordBigrams('%诉_')).toEqual(['%诉', '诉_']);
  });

  it('are none for a keyword of one character, or none with two caseless ones in a row', () => {
    expect(keywordBigrams(undefined)).toEqual([]);
    expect(keywordBigrams('')).toEqual([]);
    expect(keywordBigrams('张')).toEqual([]);
    expect(keywordBigrams('张a伟')).toEqual([]);
  });

  it('are none for a keyword that could be part of a case number (not indexed)', () => {
    expect(keywordBigrams('00012345')).toEqual([]);
    expect(keywordBigrams('ms0001')).toEqual([]);
    expect(keywordBigrams('MS00')).toEqual([]);
    // The Kelvin sign lowers to k on PostgreSQL: still a possible case-number fragment.
    expect(keywordBigrams('\u212A12')).toEqual([]);
  });
});
