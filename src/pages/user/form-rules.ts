import type { RulesProps } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiFailure } from '../../api/request';

/**
 * An Arco form rule that checks a value with a contract/ schema, so the browser and the
 * server apply the same rule with the same message (a catalogue key). Empty values pass:
 * pair it with `required` where the field is required.
 */
export function schemaRule(schema: z.ZodType, t: TFunction): RulesProps {
  return {
    validator(value, callback) {
      if (value === undefined || value === null || value === '') return callback();
      const result = schema.safeParse(value);
      callback(result.success ? undefined : t(result.error.issues[0]?.message ?? 'http.validation'));
    },
  };
}

export function requiredRule(message: string): RulesProps {
  return { required: true, message };
}

/**
 * Puts the server's field errors (400/409 `errors[]`) next to the fields they name. The error
 * catalogue has already shown the overall message; this only adds the per-field detail.
 */
type FieldErrors = Record<string, { error: { message: string } }>;

export function showFieldErrors(
  form: { getFieldsValue: () => object; setFields: (fields: FieldErrors) => void },
  error: unknown,
): void {
  if (!(error instanceof ApiFailure)) return;
  const known = new Set(Object.keys(form.getFieldsValue()));
  const fields: FieldErrors = {};
  for (const e of error.errors) if (known.has(e.path)) fields[e.path] = { error: { message: e.message } };
  if (Object.keys(fields).length > 0) form.setFields(fields);
}
