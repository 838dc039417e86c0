import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import get from '../../src/app/lodash-get';

// The browser build answers Arco's `lodash/get` with src/app/lodash-get.ts: it must resolve every
// path as lodash does. Node's require reaches lodash's own module (vite's alias does not apply).
const lodashGet = createRequire(import.meta.url)('lodash/get') as typeof get;

describe('the stand-in for lodash/get', () => {
  const objects: unknown[] = [
    {
      a: { b: [{ c: 3 }], 'x.y': 5, '': { q: 1 } },
      'a.b': 7,
      0: 'z',
      '-0': 'm',
      n: null,
      type: { __ARCO: 1 },
    },
    null,
    undefined,
    'text',
    [1, [2, 3]],
  ];
  const paths: unknown[] = [
    'a.b[0].c',
    'a.b.0.c',
    ['a', 'x.y'],
    'a.b',
    'a["x.y"]',
    "a['x.y']",
    '.a',
    'a..b',
    'a[]',
    0,
    -0,
    '0',
    'n.q',
    'n',
    'type.__ARCO',
    'length',
    '1[1]',
    [1, 1],
    [],
    undefined,
    null,
    'a[b]',
    Symbol.iterator,
    true,
    'a["b\\\\"]',
  ];
  it('answers what lodash answers, with and without a default', () => {
    for (const object of objects)
      for (const path of paths)
        for (const fallback of [undefined, 'default'])
          expect(get(object, path, fallback), `${String(path)}`).toBe(lodashGet(object, path, fallback));
  });
});
