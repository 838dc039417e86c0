import { describe, expect, it } from 'vitest';
import {
  creditCodeSchema,
  PASSWORD_PATTERN,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
} from '../../contract/account-rules';

describe('the password rule', () => {
  it.each(['Demo@2026', 'aB3456', 'Abc123', 'P@ss-w0rd_!#$%^&*()', `Aa1${'x'.repeat(61)}`])(
    'accepts %s',
    (password) => {
      expect(PASSWORD_PATTERN.test(password)).toBe(true);
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each([
    ['fewer than 6 characters', 'aB345'],
    ['no upper-case letter', 'abcdef1'],
    ['no lower-case letter', 'ABCDEF1'],
    ['no digit', 'Abcdefg'],
    ['only special characters and digits', '@@@@123'],
    ['a space', 'Ab 12345'],
    ['a tab', 'Ab\t12345'],
    ['a full-width space', 'Ab\u300012345'],
    ['a line break', 'Ab12345\n'],
    ['more than 64 characters', `Aa1${'x'.repeat(62)}`],
    ['nothing', ''],
  ])('refuses a password with %s', (_, password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(false);
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('rule.password');
  });
});

describe('other input rules', () => {
  it.each(['13800000001', '19912345678', ' 15012345678 '])('accepts the mobile number %s', (phone) => {
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });

  it.each(['12800000001', '1380000000', '138000000012', '+8613800000001', '1380000000a'])(
    'refuses the mobile number %s',
    (phone) => {
      expect(phoneSchema.safeParse(phone).error?.issues[0].message).toBe('rule.phone');
    },
  );

  it('takes a 6-digit SMS code, trimmed', () => {
    expect(smsCodeSchema.parse(' 012345 ')).toBe('012345');
    expect(smsCodeSchema.safeParse('12345').success).toBe(false);
    expect(smsCodeSchema.safeParse('12345a').success).toBe(false);
  });

  it('upper-cases and trims a credit code before checking it', () => {
    expect(creditCodeSchema.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(creditCodeSchema.safeParse('91350100M000100Y44').error?.issues[0].message).toBe('rule.creditCode');
  });
});
