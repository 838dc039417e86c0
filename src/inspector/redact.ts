/**
 * Values the inspector shows or forwards to Stately pass through here: secrets are masked
 * (a LOGIN event carries the password, the auth context the token), errors keep their
 * message, cycles and depth are cut so a payload can always be written as JSON.
 */

const SECRET_KEY = /password|token|secret|authorization/i;
export const MASK = '••••••';
const MAX_DEPTH = 6;
const MAX_STRING = 500;

export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'undefined') return undefined;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
    // Actor references and other class instances would drag the whole system along.
    const object = value as Record<string, unknown>;
    if ('sessionId' in object && 'send' in object) return `[actor ${String(object.id)}]`;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object)) {
      out[key] = SECRET_KEY.test(key) && item != null ? MASK : redact(item, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Compact JSON of a redacted value. */
export function toSafeJson(value: unknown): string {
  return JSON.stringify(redact(value) ?? null);
}
