import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { PASSWORD_PATTERN } from '../../contract/account-rules';
import { passwordHashCost } from '../config';

/** scrypt parameters: N=2^14 (PASSWORD_HASH_COST, server/config.ts), r=8, p=1, 64-byte key, 16-byte per-user salt. */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolvePromise(key),
    );
  });
}

/** Stored as `scrypt$N$r$p$salt$hash` (base64), so the parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = passwordHashCost();
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: verifying against it keeps unknown phones as slow as known ones. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString('base64'));
  return decoyHash;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=!';

/** A random password that satisfies the product's rule (shown to an administrator once). */
export function generatePassword(length = 12): string {
  // Shorter than the rule allows would never pass the check below and loop for ever.
  if (!Number.isInteger(length) || length < 6 || length > 64)
    throw new RangeError(`password length ${length}`);
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
    while (chars.length < length) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join('');
    if (PASSWORD_PATTERN.test(password)) return password;
  }
}
