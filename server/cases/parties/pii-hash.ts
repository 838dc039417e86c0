import { createHmac, createSecretKey } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalIdNumber } from '../../../contract/parties';
import type { Database } from '../../db/schema';

/**
 * The keyed hash (HMAC-SHA256, hex) stored beside each party's ID number and phone, so the case
 * list finds a case by a full number typed as its keyword while the index holds nothing readable.
 * The key is PII_HASH_SECRET when set (`setPiiHashSecret`, at start, from server/config.ts),
 * else the random key migration 0024 stored in `pii_keys`. Changing it leaves the stored hashes
 * unmatched until they are computed again.
 */
export type PiiHasher = {
  idNumber(id: string): string;
  phone(number: string): string;
};

let secret: string | null = null;
const stored = new WeakMap<object, Promise<string>>();

/** The process's PII_HASH_SECRET (null: each database's stored key). */
export function setPiiHashSecret(value: string | null): void {
  secret = value;
}

/** The digits of a phone: `0755-12345678` and `075512345678` are the same number. */
export const phoneDigits = (number: string) => number.replace(/\D/g, '');

function hasherOf(key: string): PiiHasher {
  // The key prepared once (a string key is prepared again for every hash: an import hashes 400,000).
  const prepared = createSecretKey(Buffer.from(key, 'utf8'));
  const hmac = (kind: string, value: string) =>
    createHmac('sha256', prepared).update(`${kind}:${value}`).digest('hex');
  return {
    idNumber: (id) => hmac('id', normalIdNumber(id)),
    phone: (number) => hmac('phone', phoneDigits(number)),
  };
}

export async function piiHasher(db: Kysely<Database>): Promise<PiiHasher> {
  if (secret !== null) return hasherOf(secret);
  let key = stored.get(db);
  if (!key) {
    key = db
      .selectFrom('pii_keys')
      .select('key')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
      .then((row) => row.key);
    key.catch(() => stored.delete(db));
    stored.set(db, key);
  }
  return hasherOf(await key);
}

/**
 * A keyword that is a whole phone (mobile, or a landline with its area code) or an 18-character
 * ID number (or credit code): the party's hash to look it up by; null for any other keyword.
 */
export function personKeyword(keyword: string): { kind: 'phone' | 'idNumber'; value: string } | null {
  const text = keyword.replace(/[\s()（）-]/g, '');
  if (/^1[3-9]\d{9}$/.test(text) || /^0\d{9,11}$/.test(text)) return { kind: 'phone', value: text };
  const id = normalIdNumber(text);
  if (/^[0-9A-Z]{17}[0-9X]$/.test(id) || /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(id))
    return { kind: 'idNumber', value: id };
  return null;
}
