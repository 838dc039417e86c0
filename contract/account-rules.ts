import { z } from 'zod';
import { isValidCreditCode } from './credit-code';
import { refuseBadText, textField } from './text';

/**
 * The product's input rules, written once and used by the server's validation and the
 * browser's forms. Messages are keys of contract/messages.ts.
 */

/** Mainland mobile numbers: 11 digits starting with 1 and a second digit 3-9. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, 'rule.phone');

/**
 * Password rule: at least 6 characters; digits, letters and non-space special characters;
 * must contain a digit, an upper-case and a lower-case letter.
 */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[^\s]{6,64}$/;
export const passwordSchema = z
  .string()
  .regex(PASSWORD_PATTERN, 'rule.password')
  .superRefine(refuseBadText());

export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'rule.smsCode');

export const creditCodeSchema = z.string().trim().toUpperCase().refine(isValidCreditCode, 'rule.creditCode');

/** GB/T 2260 administrative division code: six digits. */
export const regionCodeSchema = z.string().regex(/^\d{6}$/, 'rule.regionCode');

export const personNameSchema = textField({
  min: 2,
  max: 30,
  minMessage: 'rule.nameLength',
  maxMessage: 'rule.nameLength',
});

export const emailSchema = z.email('rule.email').max(100);

export const INTRODUCTION_MAX = 200;
