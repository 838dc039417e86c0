import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

describe('server configuration from the environment', () => {
  it('has safe defaults for sign-in protection and durability', () => {
    const config = readConfig({});
    expect(config.ratePerMinute).toEqual({
      login: 20,
      sms: 10,
      register: 10,
      reset: 10,
      passwordChange: 10,
      ticket: 30,
    });
    expect(config.lockout).toEqual({
      perClient: 5,
      perPhone: 20,
      windowMs: 15 * 60_000,
      lockMs: 15 * 60_000,
    });
    expect(config.trustProxy).toBe(false);
    expect(config.sqliteSynchronous).toBe('FULL');
  });

  it('reads each throttle from its variable', () => {
    const config = readConfig({
      LOGIN_RATE_PER_MIN: '7',
      SMS_RATE_PER_MIN: '3',
      REGISTER_RATE_PER_MIN: '4',
      RESET_RATE_PER_MIN: '5',
      PASSWORD_CHANGE_RATE_PER_MIN: '6',
      TICKET_RATE_PER_MIN: '8',
    });
    expect(config.ratePerMinute).toEqual({
      login: 7,
      sms: 3,
      register: 4,
      reset: 5,
      passwordChange: 6,
      ticket: 8,
    });
  });

  it('runs one process unless WORKERS says how many, on a database every process opens', () => {
    expect(readConfig({}).workers).toBe(1);
    expect(readConfig({ WORKERS: '4' }).workers).toBe(4);
    expect(readConfig({ WORKERS: '2', DATABASE_URL: 'postgres://u@db:5432/casedesk' }).workers).toBe(2);
    expect(readConfig({ WORKERS: '1', DATABASE_URL: 'pglite:' }).workers).toBe(1);
  });

  it.each(['0', '-2', '1.5', 'two', '65'])('refuses WORKERS=%s', (value) => {
    expect(() => readConfig({ WORKERS: value })).toThrow(/WORKERS must be/);
  });

  it.each(['sqlite::memory:', 'pglite:', 'pglite:data/pg'])(
    'refuses WORKERS=2 on %s, which each process would open as its own database',
    (url) => {
      expect(() => readConfig({ WORKERS: '2', DATABASE_URL: url })).toThrow(
        /needs a database every process opens/,
      );
    },
  );

  it.each(['0', '-1', '1.5', 'many'])('refuses LOGIN_RATE_PER_MIN=%s', (value) => {
    expect(() => readConfig({ LOGIN_RATE_PER_MIN: value })).toThrow(
      /LOGIN_RATE_PER_MIN must be a positive integer/,
    );
  });

  it.each([
    ['true', true],
    ['false', false],
    ['', false],
    ['127.0.0.1', '127.0.0.1'],
    [' 10.0.0.0/8, 127.0.0.1 ', '10.0.0.0/8, 127.0.0.1'],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads the lockout thresholds, and refuses a phone ceiling not above the per-address one', () => {
    expect(
      readConfig({ LOGIN_LOCK_AFTER: '3', LOGIN_PHONE_LOCK_AFTER: '9', LOGIN_LOCK_MINUTES: '30' }).lockout,
    ).toEqual({ perClient: 3, perPhone: 9, windowMs: 30 * 60_000, lockMs: 30 * 60_000 });
    expect(() => readConfig({ LOGIN_LOCK_AFTER: '5', LOGIN_PHONE_LOCK_AFTER: '5' })).toThrow(
      /LOGIN_PHONE_LOCK_AFTER \(5\) must be higher than LOGIN_LOCK_AFTER \(5\)/,
    );
  });

  it('runs SQLite with synchronous=NORMAL only when asked', () => {
    expect(readConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('NORMAL');
    expect(() => readConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(
      /SQLITE_SYNCHRONOUS must be FULL or NORMAL/,
    );
  });

  it('reads STORAGE: directory by default, or database; anything else stops the start with a clear reason', () => {
    expect(readConfig({}).storage).toBe('directory');
    expect(readConfig({ STORAGE: '' }).storage).toBe('directory');
    expect(readConfig({ STORAGE: 'directory' }).storage).toBe('directory');
    expect(readConfig({ STORAGE: 'database' }).storage).toBe('database');
    expect(() => readConfig({ STORAGE: 's3' })).toThrow(
      /STORAGE must be directory .* or database .*got "s3"/,
    );
  });

  it('reads the business time zone from BUSINESS_TZ, Asia/Shanghai by default', () => {
    expect(readConfig({}).businessTimeZone).toBe('Asia/Shanghai');
    expect(readConfig({ BUSINESS_TZ: 'Europe/Berlin' }).businessTimeZone).toBe('Europe/Berlin');
    expect(() => readConfig({ BUSINESS_TZ: 'Beijing' })).toThrow(/BUSINESS_TZ must be an IANA time zone/);
  });
});
