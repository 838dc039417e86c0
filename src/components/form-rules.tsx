import type { FormInstance, RulesProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiFailure } from '../api/request';

/** A message key rendered in the current language, so a shown error follows a locale switch. */
function Translated({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

/**
 * An Arco form rule from a contract schema: the browser checks the very rule the server
 * applies, and shows the rule's own message (a key of contract/messages.ts).
 */
export function schemaRule(schema: z.ZodType): RulesProps {
  return {
    validator: (value, callback) => {
      const result = schema.safeParse(value ?? '');
      callback(result.success ? undefined : <Translated k={result.error.issues[0].message} />);
    },
  };
}

/** A rule by message key: `required` with a message that follows the locale. */
export function requiredRule(messageKey: string): RulesProps {
  return { required: true, message: <Translated k={messageKey} /> };
}

/** The value must equal another field's (password confirmation). */
export function sameAsRule(form: FormInstance, field: string, messageKey: string): RulesProps {
  return {
    validator: (value, callback) => {
      callback(value === form.getFieldValue(field) ? undefined : <Translated k={messageKey} />);
    },
  };
}

/**
 * Puts the server's field errors (`errors: [{ path, message }]`, already in the user's
 * language) under the fields they name. Returns whether any landed on a field of the form.
 */
export function showFieldErrors<T>(
  form: FormInstance<T>,
  failure: unknown,
  fields: readonly string[],
): boolean {
  if (!(failure instanceof ApiFailure)) return false;
  const mine = failure.errors.filter((e) => fields.includes(e.path));
  if (mine.length === 0) return false;
  const errors = Object.fromEntries(mine.map((e) => [e.path, { error: { message: e.message } }]));
  form.setFields(errors as Parameters<FormInstance<T>['setFields']>[0]);
  return true;
}
