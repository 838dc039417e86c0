/**
 * How big and how deep a menu tree or a page descriptor may be, checked on the raw value
 * before any recursive schema or walker sees it: zod's recursive schemas (and our own walkers)
 * recurse once per level, so a tree 10,000 levels deep would otherwise end as "Maximum call
 * stack size exceeded". The walk below is iterative and stops at the first limit crossed.
 *
 * - `levels`: what a level is depends on the tree. A menu's level is a node (each object):
 *   the roots are level 1, their children level 2. A descriptor's level is a page: the
 *   descriptor is level 1, a page held by a tab, drawer or modal (under a `page` key) of a
 *   level-n page is level n + 1; the objects inside one page (actions, fields, inputs) do
 *   not add levels, they are bounded by the schema itself and by MAX_NESTING.
 * - `nodes`: objects in the whole value (menu nodes; a descriptor's pages, columns, fields,
 *   inputs, actions, options...).
 * - `bytes`: the value written as compact JSON, in UTF-8.
 * - MAX_NESTING: objects and arrays nested, whatever they are, for every tree: what bounds the
 *   recursion of anything that walks a value (a legacy upgrade, a schema) before it is known
 *   to be a menu or a descriptor. Eight pages nest about 45 deep.
 */
export interface TreeLimits {
  /** The message keys are `<kind>.tooDeep`, `<kind>.tooManyNodes`, `<kind>.tooLarge`. */
  kind: 'menu' | 'descriptor';
  levels: number;
  /** The keys whose object opens a level (the root always does); none: every object does. */
  levelKeys?: readonly string[];
  nodes: number;
  bytes: number;
}

export const MAX_NESTING = 64;

export const MENU_LIMITS = {
  kind: 'menu',
  levels: 4,
  nodes: 500,
  bytes: 128 * 1024,
} as const satisfies TreeLimits;

export const DESCRIPTOR_LIMITS = {
  kind: 'descriptor',
  levels: 8,
  levelKeys: ['page'],
  nodes: 2000,
  bytes: 256 * 1024,
} as const satisfies TreeLimits;

/**
 * The message key of a refusal. Spelled out here rather than imported from the messages, which
 * quote these limits: contract/messages-zh-CN.ts checks that it holds every one.
 */
export type LimitMessage =
  | `${TreeLimits['kind']}.${'tooDeep' | 'tooManyNodes' | 'tooLarge'}`
  | 'tree.nestedTooDeep';

export interface LimitCrossed {
  /** Where the limit was crossed: the first node too deep, the node or value that tipped a count. */
  path: Array<string | number>;
  message: LimitMessage;
}

type Key = string | number;
interface Frame {
  value: object;
  key: Key | null;
  parent: Frame | null;
  level: number;
  depth: number;
}

function pathOf(frame: Frame | null, last?: Key): Key[] {
  const path: Key[] = last === undefined ? [] : [last];
  for (let f = frame; f && f.key !== null; f = f.parent) path.unshift(f.key);
  return path;
}

/** UTF-8 bytes of a string written by JSON.stringify, quotes and escapes included. */
function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x20) bytes += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** What JSON.stringify writes for a value that is not an object or array (null: left out). */
function scalarBytes(value: unknown): number | null {
  if (typeof value === 'string') return jsonStringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  if (typeof value === 'bigint') return String(value).length;
  return null;
}

/**
 * The first limit a raw value crosses (depth-first, in key order), or null. Safe on anything:
 * it recurses nowhere, and a cycle (possible in the browser) only adds nodes until the count
 * stops it.
 */
export function checkTreeLimits(value: unknown, limits: TreeLimits): LimitCrossed | null {
  if (typeof value !== 'object' || value === null) {
    const bytes = scalarBytes(value) ?? 0;
    return bytes > limits.bytes ? { path: [], message: `${limits.kind}.tooLarge` } : null;
  }
  let nodes = 0;
  let bytes = 0;
  const stack: Frame[] = [{ value, key: null, parent: null, level: 0, depth: 1 }];
  while (stack.length) {
    const frame = stack.pop() as Frame;
    if (frame.depth > MAX_NESTING) return { path: pathOf(frame), message: 'tree.nestedTooDeep' };
    const entries: Array<[Key, unknown]> = Array.isArray(frame.value)
      ? frame.value.map((item, i) => [i, item])
      : Object.entries(frame.value);
    if (!Array.isArray(frame.value)) {
      nodes++;
      if (nodes > limits.nodes) return { path: pathOf(frame), message: `${limits.kind}.tooManyNodes` };
      const opens =
        !limits.levelKeys ||
        frame.parent === null ||
        (typeof frame.key === 'string' && limits.levelKeys.includes(frame.key));
      if (opens) frame.level++;
      if (frame.level > limits.levels) return { path: pathOf(frame), message: `${limits.kind}.tooDeep` };
    }
    // Brackets and commas; for an object also each key and its colon (a left-out value's too:
    // a little more than JSON.stringify writes, never less).
    bytes += 2 + Math.max(0, entries.length - 1);
    if (bytes > limits.bytes) return { path: pathOf(frame), message: `${limits.kind}.tooLarge` };
    const children: Frame[] = [];
    for (const [key, item] of entries) {
      if (typeof key === 'string') bytes += jsonStringBytes(key) + 1;
      if (typeof item === 'object' && item !== null) {
        children.push({ value: item, key, parent: frame, level: frame.level, depth: frame.depth + 1 });
      } else {
        bytes += scalarBytes(item) ?? (typeof key === 'number' ? 4 : 0);
      }
      if (bytes > limits.bytes) return { path: pathOf(frame, key), message: `${limits.kind}.tooLarge` };
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return null;
}
