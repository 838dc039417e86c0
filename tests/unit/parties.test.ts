import { describe, expect, it } from 'vitest';
import { isValidResidentIdNumber } from '../../contract/certifications';
import { isValidCreditCode } from '../../contract/credit-code';
import {
  caseCreateRequestSchema,
  maskPartyIdNumber,
  partyIdNumberProblem,
  partyInputSchema,
} from '../../contract/parties';
import { personKeyword } from '../../server/cases/parties/pii-hash';
import { fictitiousIdNumber } from '../../server/seed/parties';
import { Random } from '../../server/seed/random';

const TODAY = new Date('2026-06-01T00:00:00Z');

describe('the ID check character (GB 11643-1999, ISO 7064 MOD 11-2)', () => {
  it('accepts every generated number and refuses each with any other check character', () => {
    const rng = new Random(19);
    for (let i = 0; i < 2_000; i++) {
      const region = rng.pick(['110105', '440305', '530000', '650102', '810000']);
      const id = fictitiousIdNumber(rng, region);
      expect(isValidResidentIdNumber(id), id).toBe(true);
      const others = '0123456789X'.split('').filter((c) => c !== id[17]);
      for (const c of others) expect(isValidResidentIdNumber(id.slice(0, 17) + c), id).toBe(false);
      // One digit changed is always caught (the weights are all prime to 11).
      const at = rng.int(0, 16);
      const changed = `${id.slice(0, at)}${(Number(id[at]) + rng.int(1, 9)) % 10}${id.slice(at + 1)}`;
      expect(isValidResidentIdNumber(changed), changed).toBe(false);
    }
  });
});

describe('party ID numbers', () => {
  it('checks a resident ID’s province, birth date and check character', () => {
    expect(partyIdNumberProblem('residentIdCard', '11010519491231002X', TODAY)).toBeNull();
    expect(partyIdNumberProblem('residentIdCard', '110105194912310021', TODAY)).toBe('rule.residentIdNumber');
    // 99 is no province; 19490230 no day; 2027 after today (all with valid check characters).
    for (const first17 of ['99010519491231002', '11010519490230002', '11010520270101001']) {
      const id = withCheck(first17);
      expect(isValidResidentIdNumber(id)).toBe(true);
      expect(partyIdNumberProblem('residentIdCard', id, TODAY), id).toBe('rule.residentIdNumber');
    }
  });

  it('takes a residence permit only with the 810000, 820000 or 830000 prefix', () => {
    const permit = withCheck('81000019900101001');
    expect(partyIdNumberProblem('hkMacaoTaiwanResidence', permit, TODAY)).toBeNull();
    expect(partyIdNumberProblem('residentIdCard', permit, TODAY)).toBe('rule.residentIdNumber');
    expect(partyIdNumberProblem('hkMacaoTaiwanResidence', '11010519491231002X', TODAY)).toBe(
      'rule.residentIdNumber',
    );
  });

  it('checks a credit code by its check character and passports by their pattern', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(partyIdNumberProblem('unifiedSocialCreditCode', '91350100M000100Y43')).toBeNull();
    expect(partyIdNumberProblem('unifiedSocialCreditCode', '91350100M000100Y44')).toBe('rule.creditCode');
    expect(partyIdNumberProblem('passport', 'E12345678')).toBeNull();
    expect(partyIdNumberProblem('passport', 'E1')).toBe('rule.idNumber');
  });

  it('masks 18-character numbers to their first 6 and last 4', () => {
    expect(maskPartyIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(maskPartyIdNumber('E12345678')).toBe('E1*****78');
  });
});

describe('a party as requests carry it', () => {
  it('normalises the ID number and phones, and refuses bad ones at their path', () => {
    const ok = partyInputSchema.parse({
      role: 'debtor',
      name: '王五',
      idType: 'residentIdCard',
      idNumber: ' 11010519491231002x ',
      phones: [{ number: '(0755) 12345678' }, { number: '13912345678' }],
    });
    expect(ok.idNumber).toBe('11010519491231002X');
    expect(ok.phones.map((p) => [p.number, p.status])).toEqual([
      ['0755-12345678', 'unknown'],
      ['13912345678', 'unknown'],
    ]);
    const bad = partyInputSchema.safeParse({ role: 'debtor', name: '王五', phones: [{ number: '12345' }] });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['phones.0.number']);
  });

  it('names a new case after parties[0], and wants a debtor one way or the other', () => {
    const base = {
      caseNo: 'MS20269999',
      title: '王五借款合同纠纷',
      type: 'civil',
      clientName: '某银行',
      regionCode: '440305',
      amountFen: 100,
      entrustExpiresOn: '2027-01-01',
    };
    expect(
      caseCreateRequestSchema.parse({ ...base, parties: [{ role: 'debtor', name: '王五' }] }).debtorName,
    ).toBe('王五');
    expect(caseCreateRequestSchema.safeParse(base).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'debtorName',
    ]);
  });
});

describe('a keyword that is a whole number of a person', () => {
  it('is a phone or an ID number only when whole', () => {
    expect(personKeyword('139 1234 5678')).toEqual({ kind: 'phone', value: '13912345678' });
    expect(personKeyword('0755-12345678')).toEqual({ kind: 'phone', value: '075512345678' });
    expect(personKeyword('11010519491231002x')).toEqual({ kind: 'idNumber', value: '11010519491231002X' });
    expect(personKeyword('1391234567')).toBeNull();
    expect(personKeyword('王五')).toBeNull();
  });
});

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function withCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return first17 + '10X98765432'[sum % 11];
}
