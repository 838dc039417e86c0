import { creditCodeCheckChar } from '../../contract/credit-code';

/** An enterprise certification's application and its checked numbers (certifications*.test.ts). */

export function creditCode(first17: string) {
  return first17 + creditCodeCheckChar(first17);
}

export function withWrongCheck(code: string) {
  return code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
}

export function residentId(first17: string) {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

export const application = {
  enterpriseName: '深圳前海明衡科技有限公司',
  enterpriseCertType: 'unifiedSocialCreditCode',
  creditCode: creditCode('91440300MA5F12345'),
  legalPersonName: '张建国',
  legalPersonIdType: 'residentIdCard',
  legalPersonIdNumber: residentId('11010119900307123'),
  contactPhone: '13912345678',
};
