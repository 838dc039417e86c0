import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '../../contract/account-rules';
import {
  decoyPasswordHash,
  generatePassword,
  hashPassword,
  verifyPassword,
} from '../../server/auth/passwords';
import { DEFAULT_HASH_COST, passwordHashCost, readConfig } from '../../server/config';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a 16-byte salt, never the password', async () => {
    const stored = await hashPassword('Demo@2026');
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    // The suite hashes at a lower cost (vite.config.ts's PASSWORD_HASH_COST): see the next test.
    expect([scheme, n, r, p]).toEqual(['scrypt', String(passwordHashCost()), '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('Demo@2026');
  });

  it('hashes at N=16384 unless PASSWORD_HASH_COST names another power of two, and refuses a bad one', () => {
    expect(DEFAULT_HASH_COST).toBe(16384);
    expect(passwordHashCost({})).toBe(16384);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '' })).toBe(16384);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '1024' })).toBe(1024);
    expect(passwordHashCost({ PASSWORD_HASH_COST: '65536' })).toBe(65536);
    for (const bad of ['512', '3000', '16384.5', 'abc', '2097152', '-1024'])
      expect(() => passwordHashCost({ PASSWORD_HASH_COST: bad }), bad).toThrow(/PASSWORD_HASH_COST/);
    // The server refuses to start on a bad value rather than fail at the first sign-up.
    expect(() => readConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(/PASSWORD_HASH_COST/);
    expect(readConfig({}).passwordHashCost).toBe(16384);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPassword('Demo@2026'), hashPassword('Demo@2026')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Demo@2026', a)).toBe(true);
    expect(await verifyPassword('Demo@2026', b)).toBe(true);
  });

  it('tells the right password from a wrong one', async () => {
    const stored = await hashPassword('Demo@2026');
    expect(await verifyPassword('Demo@2026', stored)).toBe(true);
    expect(await verifyPassword('demo@2026', stored)).toBe(false);
    expect(await verifyPassword('Demo@2026 ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('reads the parameters from the stored hash, so they can change later', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Old@2020', salt, 64, { N: 1024, r: 8, p: 1 });
    const stored = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('Old@2020', stored)).toBe(true);
    expect(await verifyPassword('Old@2021', stored)).toBe(false);
  });

  it('refuses anything that is not one of its own hashes', async () => {
    const stored = await hashPassword('Demo@2026');
    const tampered = stored.slice(0, -4) + (stored.endsWith('AAA=') ? 'BBB=' : 'AAA=');
    expect(await verifyPassword('Demo@2026', tampered)).toBe(false);
    expect(await verifyPassword('Demo@2026', 'Demo@2026')).toBe(false);
    expect(await verifyPassword('Demo@2026', `bcrypt${stored.slice(6)}`)).toBe(false);
    expect(await verifyPassword('Demo@2026', '')).toBe(false);
  });

  it('keeps one decoy hash that no password matches', async () => {
    const decoy = await decoyPasswordHash();
    expect(await decoyPasswordHash()).toBe(decoy);
    expect(await verifyPassword('Demo@2026', decoy)).toBe(false);
  });
});

describe('generated passwords', () => {
  it('always satisfy the password rule', () => {
    for (let i = 0; i < 500; i++) expect(generatePassword()).toMatch(PASSWORD_PATTERN);
    for (const length of [6, 8, 20, 64]) {
      const password = generatePassword(length);
      expect(password).toHaveLength(length);
      expect(password).toMatch(PASSWORD_PATTERN);
    }
  });

  it('refuse a length the rule does not allow', () => {
    for (const length of [0, 5, 65, 8.5]) expect(() => generatePassword(length)).toThrow(RangeError);
  });

  it('avoid characters that are easy to misread when read out once', () => {
    const all = Array.from({ length: 200 }, () => generatePassword()).join('');
    expect(all).not.toMatch(/[0O1lI]/);
  });

  it('are not repeated', () => {
    const passwords = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(passwords.size).toBe(200);
  });
});
