/**
 * Unified social credit code (统一社会信用代码), GB 32100-2015: 18 characters from a
 * 31-character alphabet; the last one is a check character computed from the first 17.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters, or null when one is outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  const check = (31 - (sum % 31)) % 31;
  return ALPHABET[check];
}

export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
