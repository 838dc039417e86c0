import type { RulesProps } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import { z } from 'zod';

const zodLocales: Record<string, ReturnType<typeof z.locales.en>> = {
  'zh-CN': z.locales.zhCN(),
  'en-US': z.locales.en(),
};

/**
 * An Arco rule that judges a value with a field of contract/case-intake.ts (the server's
 * schema): a catalogue key is translated, zod's own messages come in the page's language.
 */
export function intakeRule(
  schema: z.core.$ZodType,
  t: TFunction,
  lang: string,
  toValue = (v: unknown) => v,
): RulesProps {
  return {
    validator(value, callback) {
      if (value === undefined || value === null || value === '') return callback();
      const result = z.safeParse(schema, toValue(value), {
        error: (zodLocales[lang] ?? zodLocales['zh-CN']).localeError,
      });
      callback(result.success ? undefined : t(result.error.issues[0]?.message ?? 'http.validation'));
    },
  };
}
