import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_PATTERN } from '../../../contract/account-rules';
import { PasswordRuleHint } from '../../../src/components/PasswordRuleHint';
import { PASSWORD_CHECKS } from '../../../src/components/password-checks';
import '../../../src/i18n';

const passwordLike = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', '@', ' ', '\t', '中'),
  maxLength: 70,
});

describe('the password rule shown on forms', () => {
  it('accepts exactly what the contract’s PASSWORD_PATTERN accepts', () => {
    fc.assert(
      fc.property(fc.oneof(passwordLike, fc.string({ maxLength: 70 })), (value) => {
        expect(PASSWORD_CHECKS.every((c) => c.passes(value))).toBe(PASSWORD_PATTERN.test(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('ticks off each part of the rule as it is met', () => {
    const { rerender } = render(<PasswordRuleHint value="abc" />);
    const item = (name: string) => screen.getByText(name).closest('li');
    expect(item('包含小写字母')).toHaveAttribute('data-met', 'true');
    expect(item('包含大写字母')).toHaveAttribute('data-met', 'false');
    expect(item('6–64 位')).toHaveAttribute('data-met', 'false');
    rerender(<PasswordRuleHint value="Abc123" />);
    for (const li of screen.getAllByRole('listitem')) expect(li).toHaveAttribute('data-met', 'true');
  });
});
