import { emailSchema, PASSWORD_PATTERN, phoneSchema } from '../../contract/account-rules';
import { registerLawyerRequestSchema } from '../../contract/auth';
import { CASE_NO_PATTERN } from '../../contract/cases';
import { isValidCreditCode } from '../../contract/credit-code';
import type { FIELD_PATTERNS, FieldDescriptor } from '../../contract/pages/descriptor';
import { formatFen } from '../widgets/money';
import { isEmptyValue } from './values';

/**
 * A field's validation rules, as the browser checks them before anything is sent. Named
 * patterns are the product's own rules from contract/ (the server checks the same ones), so
 * a form never accepts what the API would refuse for the same reason.
 */

/** What is wrong with a value: an i18n key and its parameters (the caller adds `label`). */
export interface FieldProblem {
  key: string;
  params?: Record<string, unknown>;
}

const licenceNoSchema = registerLawyerRequestSchema.shape.licenceNo;

/** Each named pattern: its check and its message (keys of contract/messages.ts where one exists). */
export const PATTERN_RULES: Record<
  (typeof FIELD_PATTERNS)[number],
  { test: (text: string) => boolean; key: string }
> = {
  phone: { test: (text) => phoneSchema.safeParse(text).success, key: 'rule.phone' },
  creditCode: { test: (text) => isValidCreditCode(text.trim().toUpperCase()), key: 'rule.creditCode' },
  licenceNo: { test: (text) => licenceNoSchema.safeParse(text).success, key: 'rule.licenceNo' },
  caseNo: { test: (text) => CASE_NO_PATTERN.test(text.trim()), key: 'registry.rule.caseNo' },
  email: { test: (text) => emailSchema.safeParse(text.trim()).success, key: 'rule.email' },
  password: { test: (text) => PASSWORD_PATTERN.test(text), key: 'rule.password' },
};

function isMoney(field: FieldDescriptor): boolean {
  return field.input.kind === 'moneyRange' || (field.input.kind === 'number' && field.input.money === true);
}

function boundsProblem(field: FieldDescriptor, n: number): FieldProblem | null {
  const shown = (bound: number) => (isMoney(field) ? formatFen(bound) : bound);
  if (field.min !== undefined && n < field.min)
    return { key: 'registry.rule.min', params: { min: shown(field.min) } };
  if (field.max !== undefined && n > field.max)
    return { key: 'registry.rule.max', params: { max: shown(field.max) } };
  return null;
}

function rangeProblem(field: FieldDescriptor, value: unknown[]): FieldProblem | null {
  const [from, to] = value;
  if (field.input.kind === 'moneyRange') {
    for (const end of [from, to]) {
      if (typeof end === 'number' && Number.isFinite(end)) {
        const problem = boundsProblem(field, end);
        if (problem) return problem;
      }
    }
    if (typeof from === 'number' && typeof to === 'number' && from > to)
      return { key: 'registry.rule.rangeOrder' };
  }
  if (field.input.kind === 'dateRange' && typeof from === 'string' && typeof to === 'string' && from > to) {
    return { key: 'registry.rule.rangeOrder' };
  }
  return null;
}

function textProblem(field: FieldDescriptor, text: string): FieldProblem | null {
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) {
    return { key: 'registry.rule.minLength', params: { n: field.minLength } };
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return { key: 'registry.rule.maxLength', params: { n: field.maxLength } };
  }
  if (field.pattern) {
    const rule = PATTERN_RULES[field.pattern];
    if (!rule.test(text)) return { key: rule.key };
  }
  return null;
}

/** A list's length (a multiple select's choices) against `minLength` and `maxLength`. */
function itemsProblem(field: FieldDescriptor, count: number): FieldProblem | null {
  if (field.minLength !== undefined && count < field.minLength)
    return { key: 'registry.rule.minItems', params: { n: field.minLength } };
  if (field.maxLength !== undefined && count > field.maxLength)
    return { key: 'registry.rule.maxItems', params: { n: field.maxLength } };
  return null;
}

/** The first thing wrong with a field's value, or null when it may be sent. */
export function fieldProblem(field: FieldDescriptor, value: unknown): FieldProblem | null {
  if (isEmptyValue(value)) return field.required ? { key: 'registry.rule.required' } : null;
  if (Array.isArray(value))
    return field.input.kind.endsWith('Range')
      ? rangeProblem(field, value)
      : itemsProblem(field, value.length);
  if (typeof value === 'number') return boundsProblem(field, value);
  if (typeof value === 'string') return textProblem(field, value);
  return null;
}
