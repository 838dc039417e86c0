/**
 * Reading descriptor-named fields out of API answers, and filling route and API templates.
 * Descriptors are untrusted data: paths only read own properties, filled templates are
 * checked again before anyone navigates to them.
 */

/** The value at a dot path (`lawyer.name`); undefined when any step is missing. */
export function getField(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** A list at a dot path, or an empty list when the answer holds something else there. */
export function getList(record: unknown, path: string): Record<string, unknown>[] {
  const value = getField(record, path);
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object');
}

/**
 * Replaces each `:name` with the value `lookup(name)` gives, URI-encoded (so a value can never
 * add a `/` or a scheme). Null when a parameter has no printable value.
 */
export function fillTemplate(template: string, lookup: (name: string) => unknown): string | null {
  let missing = false;
  const filled = template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = lookup(name);
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}

/**
 * A path inside this app: starts with one `/`, no `//`, no backslash, no whitespace or
 * control characters (browsers drop tabs and newlines, so `/\t/evil.example` would become
 * `//evil.example`).
 */
export function isAppPath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  return path.startsWith('/') && !/\/\/|\\|[\s\u0000-\u001f\u007f]/.test(path);
}

const UNSAFE_STEPS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Writes `value` at a dot path (`lawyer.id`), making the objects on the way. Steps that would
 * reach an object's prototype are refused: field names come from descriptors.
 */
export function setField(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  if (steps.some((step) => UNSAFE_STEPS.has(step))) return;
  let current = target;
  for (const step of steps.slice(0, -1)) {
    const next = Object.hasOwn(current, step) ? current[step] : undefined;
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[step] = {};
    current = current[step] as Record<string, unknown>;
  }
  current[steps[steps.length - 1]] = value;
}
