/**
 * `lodash/get` for Arco (Layout, Dropdown, Grid, Table, Form... read props and records with
 * it), standing in for lodash's module (vite.config.ts). lodash's own version parses a string
 * path through a memoized cache built from its Map, Hash and ListCache shims, about 3 kB gzip on
 * every signed-in page; this is the same algorithm (isKey, stringToPath, toKey of lodash 4.17)
 * without the cache, so every path resolves as lodash resolves it.
 */

const reIsDeepProp = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/;
const reIsPlainProp = /^\w*$/;
const rePropName =
  /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const reEscapeChar = /\\(\\)?/g;

type Path = unknown;

function isKey(value: Path, object: unknown): boolean {
  if (Array.isArray(value)) return false;
  const type = typeof value;
  if (type === 'number' || type === 'symbol' || type === 'boolean' || value == null) return true;
  const key = value as string;
  return reIsPlainProp.test(key) || !reIsDeepProp.test(key) || (object != null && key in Object(object));
}

function baseToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `${value.map(baseToString)}`;
  if (typeof value === 'symbol') return value.toString();
  const result = `${value}`;
  return result === '0' && 1 / (value as number) === -Infinity ? '-0' : result;
}

function stringToPath(string: string): string[] {
  const result: string[] = [];
  if (string.charCodeAt(0) === 46 /* . */) result.push('');
  string.replace(rePropName, (match, number, quote, subString) => {
    result.push(quote ? subString.replace(reEscapeChar, '$1') : number || match);
    return match;
  });
  return result;
}

function toKey(value: unknown): PropertyKey {
  if (typeof value === 'string' || typeof value === 'symbol') return value;
  const result = `${value}`;
  return result === '0' && 1 / (value as number) === -Infinity ? '-0' : result;
}

export default function get(object: unknown, path: Path, defaultValue?: unknown): unknown {
  if (object == null) return defaultValue;
  const keys: unknown[] = Array.isArray(path)
    ? path
    : isKey(path, object)
      ? [path]
      : stringToPath(path == null ? '' : baseToString(path));
  let value: unknown = object;
  let index = 0;
  while (value != null && index < keys.length)
    value = (value as Record<PropertyKey, unknown>)[toKey(keys[index++])];
  const result = index && index === keys.length ? value : undefined;
  return result === undefined ? defaultValue : result;
}
