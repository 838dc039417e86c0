import type { FieldDescriptor } from '../../contract/pages/descriptor';
import { getField, setField } from '../record';

/**
 * How a field's value travels. In the form it is one value; in a query or a body a
 * `dateRange` named `created` becomes `createdFrom` and `createdTo`, a `moneyRange` named
 * `amount` becomes `amountMin` and `amountMax` (fen), a multiple select repeats its key
 * (`status=pending&status=closed`), and an empty value sends nothing.
 */

type Pair = [unknown, unknown];

function isRange(field: FieldDescriptor): boolean {
  return field.input.kind === 'dateRange' || field.input.kind === 'moneyRange';
}

/** The query or body keys a field's value travels under. */
export function paramNames(field: FieldDescriptor): string[] {
  if (field.input.kind === 'dateRange') return [`${field.name}From`, `${field.name}To`];
  if (field.input.kind === 'moneyRange') return [`${field.name}Min`, `${field.name}Max`];
  return [field.name];
}

function pairOf(value: unknown): Pair {
  return Array.isArray(value) ? [value[0], value[1]] : [undefined, undefined];
}

/** Whether a value counts as not filled in: nothing, '', an empty list, a range with neither end. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

/** A primitive as query text; null for what a query cannot carry. */
function queryText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** A field's value as query entries, in order. */
export function toQueryEntries(field: FieldDescriptor, value: unknown): Array<[string, string]> {
  const names = paramNames(field);
  if (isRange(field)) {
    return pairOf(value).flatMap((end, i) => {
      const text = queryText(end);
      return text === null ? [] : [[names[i], text] as [string, string]];
    });
  }
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    const text = queryText(item);
    return text === null ? [] : [[field.name, text] as [string, string]];
  });
}

function numberOrUndefined(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A field's value read back from a query (the URL): the inverse of `toQueryEntries`. */
export function fromQuery(field: FieldDescriptor, query: URLSearchParams): unknown {
  const [first, second] = paramNames(field);
  switch (field.input.kind) {
    case 'dateRange': {
      const pair = [query.get(first) ?? undefined, query.get(second) ?? undefined];
      return pair.every((end) => end === undefined) ? undefined : pair;
    }
    case 'moneyRange': {
      const pair = [numberOrUndefined(query.get(first)), numberOrUndefined(query.get(second))];
      return pair.every((end) => end === undefined) ? undefined : pair;
    }
    case 'select':
      if (field.input.multiple) {
        const all = query.getAll(first);
        return all.length ? all : undefined;
      }
      return query.get(first) ?? undefined;
    case 'number':
      return numberOrUndefined(query.get(first));
    case 'switch': {
      const text = query.get(first);
      return text === null ? undefined : text === 'true' || text === '1';
    }
    default:
      return query.get(first) ?? undefined;
  }
}

/** The values of the fields a query holds, nested by their dot paths (the filter form's values). */
export function valuesFromQuery(
  fields: readonly FieldDescriptor[],
  query: URLSearchParams,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fromQuery(field, query);
    if (value !== undefined) setField(values, field.name, value);
  }
  return values;
}

/** Every field's value as request params: one key per value, a list for repeated keys. */
export function toParams(
  fields: readonly FieldDescriptor[],
  values: unknown,
): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const field of fields) {
    for (const [key, text] of toQueryEntries(field, getField(values, field.name))) {
      const had = params[key];
      params[key] = had === undefined ? text : [...(Array.isArray(had) ? had : [had]), text];
    }
  }
  return params;
}

/** A field's value as it goes into a request body; ranges as their two keys, empty ends left out. */
export function toBody(fields: readonly FieldDescriptor[], values: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = getField(values, field.name);
    if (isRange(field)) {
      const names = paramNames(field);
      pairOf(value).forEach((end, i) => {
        if (!isEmptyValue(end)) setField(body, names[i], end);
      });
    } else if (value !== undefined) setField(body, field.name, value);
  }
  return body;
}

/** A field's value in a record (the form's source), ranges read from their two keys; else its default. */
export function fromRecord(field: FieldDescriptor, record: unknown): unknown {
  if (isRange(field)) {
    const pair = paramNames(field).map((name) => getField(record, name) ?? undefined);
    return pair.every((end) => end === undefined) ? field.defaultValue : pair;
  }
  return getField(record, field.name) ?? field.defaultValue;
}

/** The form's first values: each field from the record, nested by its dot path. */
export function initialValuesOf(
  fields: readonly FieldDescriptor[],
  record: unknown,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fromRecord(field, record);
    if (value !== undefined && value !== null) setField(values, field.name, value);
  }
  return values;
}

/**
 * Whether the form's record keeps this field from being changed (its `editableWhen` does not
 * hold: a case's claim once review approved it). Without a record, or a rule, it is editable.
 */
export function isLocked(field: FieldDescriptor, record: unknown): boolean {
  const rule = field.editableWhen;
  if (!rule || record === undefined) return false;
  const value = getField(record, rule.field) ?? null;
  return !rule.in.some((allowed) => allowed === value);
}

/** The field a server error path (`amountFen`, `createdFrom`) belongs to, if any. */
export function fieldOfPath(fields: readonly FieldDescriptor[], path: string): FieldDescriptor | undefined {
  return fields.find((field) => field.name === path || paramNames(field).includes(path));
}
