/**
 * contract/account-rules.ts PASSWORD_PATTERN taken apart, so the form can show which part
 * of the rule a password still misses. Together the checks accept exactly what the pattern
 * accepts (tests/components/public-pages/password-rule.test.tsx holds them to it).
 */
export const PASSWORD_CHECKS: ReadonlyArray<{ key: string; passes: (value: string) => boolean }> = [
  { key: 'register.password.length', passes: (v) => v.length >= 6 && v.length <= 64 },
  { key: 'register.password.digit', passes: (v) => /\d/.test(v) },
  { key: 'register.password.upper', passes: (v) => /[A-Z]/.test(v) },
  { key: 'register.password.lower', passes: (v) => /[a-z]/.test(v) },
  { key: 'register.password.noSpace', passes: (v) => v.length > 0 && !/\s/.test(v) },
];
