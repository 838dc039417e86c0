import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../contract/envelope';
import { menuTreeSchema } from '../../contract/menu';
import { pageDescriptorSchema } from '../../contract/pages/descriptor';
import {
  checkTreeLimits,
  DESCRIPTOR_LIMITS,
  MAX_NESTING,
  MENU_LIMITS,
  type TreeLimits,
} from '../../contract/tree-limits';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { checkDescriptor } from '../../ui-registry/validation';

/** A menu node `depth` levels deep: one child per level, the deepest without children. */
function menuChain(depth: number): unknown[] {
  let node: Record<string, unknown> | null = null;
  for (let level = depth; level >= 1; level--) {
    const here: Record<string, unknown> = {
      key: `/n${level}`,
      path: `/n${level}`,
      name: `n${level}`,
      title: 'menu.test',
      order: 0,
    };
    if (node) here.children = [node];
    node = here;
  }
  return node ? [node] : [];
}

/** `tree.0.children.0…` down to the node at `level` (1 is a root). */
const menuPathAt = (level: number) => [
  'tree',
  0,
  ...Array(level - 1)
    .fill(['children', 0])
    .flat(),
];

type Holder = 'tab' | 'drawer' | 'modal';
const TITLE = 'menu.taskCenter';
const resultPage = (id: string) => ({ schemaVersion: 1, id, type: 'result', title: TITLE, status: 'info' });

/** A page holding `page` in a tab, or in a drawer or modal action. */
function holding(holder: Holder, page: unknown, id: string): Record<string, unknown> {
  if (holder === 'tab')
    return { schemaVersion: 1, id, type: 'tabs', title: TITLE, tabs: [{ key: 'k', title: TITLE, page }] };
  return { ...resultPage(id), actions: [{ key: 'open', label: TITLE, kind: holder, page }] };
}

/** Pages nested through these holders, outermost first, around a result page. */
function nested(holders: readonly Holder[]): Record<string, unknown> {
  return holders.reduceRight<Record<string, unknown>>(
    (page, holder, i) => holding(holder, page, `p${i + 1}`),
    resultPage(`p${holders.length + 1}`),
  );
}
const pathThrough = (holders: readonly Holder[]) =>
  holders.flatMap((h) => (h === 'tab' ? ['tabs', 0, 'page'] : ['actions', 0, 'page']));

/** `depth` pages, each but the last a tabs page holding the next. */
const tabsChain = (depth: number) => nested(Array<Holder>(depth - 1).fill('tab'));
const tabsPathAt = (level: number) => pathThrough(Array<Holder>(level - 1).fill('tab'));

describe('menu trees: at most four levels of nodes', () => {
  it('takes four levels', () => {
    expect(checkTreeLimits(menuChain(4), MENU_LIMITS)).toBeNull();
    expect(menuTreeSchema.safeParse(menuChain(4)).success).toBe(true);
  });

  it('refuses a fifth, at the first node too deep', () => {
    expect(checkTreeLimits(menuChain(5), MENU_LIMITS)).toEqual({
      path: menuPathAt(5).slice(1),
      message: 'menu.tooDeep',
    });
  });

  it('refuses a tree 100,000 levels deep without overflowing the stack', () => {
    const result = menuTreeSchema.safeParse(menuChain(100_000));
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual([
      { path: menuPathAt(5).slice(1).join('.'), message: 'menu.tooDeep' },
    ]);
  });

  it(`refuses node ${MENU_LIMITS.nodes + 1}, wherever it is`, () => {
    const group = (g: number) => ({
      key: `/g${g}`,
      path: `/g${g}`,
      name: 'g',
      title: 'menu.test',
      order: g,
      children: Array.from({ length: 49 }, (_, i) => ({
        key: `/g${g}/${i}`,
        path: `/g${g}/${i}`,
        name: 'n',
        title: 'menu.test',
        order: i,
      })),
    });
    const tree = Array.from({ length: 11 }, (_, g) => group(g)); // 11 × 50 nodes
    expect(checkTreeLimits(tree.slice(0, 10), MENU_LIMITS)).toBeNull();
    // Node 501 is the first node of the eleventh group.
    expect(checkTreeLimits(tree, MENU_LIMITS)).toEqual({ path: [10], message: 'menu.tooManyNodes' });
  });

  it('refuses a tree larger than its byte limit, at the value that crossed it', () => {
    const tree = menuChain(1) as Array<Record<string, unknown>>;
    tree[0].name = 'x'.repeat(MENU_LIMITS.bytes);
    expect(checkTreeLimits(tree, MENU_LIMITS)).toEqual({ path: [0, 'name'], message: 'menu.tooLarge' });
  });
});

describe('descriptors: at most eight levels of pages', () => {
  it('counts a page in a tab, a drawer or a modal as one level down', () => {
    const eight: Holder[] = ['tab', 'drawer', 'tab', 'modal', 'tab', 'tab', 'drawer'];
    expect(checkTreeLimits(nested(eight), DESCRIPTOR_LIMITS)).toBeNull();
    expect(pageDescriptorSchema.safeParse(nested(eight)).success).toBe(true);
    const nine: Holder[] = [...eight, 'modal'];
    expect(checkTreeLimits(nested(nine), DESCRIPTOR_LIMITS)).toEqual({
      path: pathThrough(nine),
      message: 'descriptor.tooDeep',
    });
  });

  it('does not count the objects inside one page (actions, fields, inputs) as levels', () => {
    for (const page of PAGE_CATALOG.values()) expect(checkTreeLimits(page, DESCRIPTOR_LIMITS)).toBeNull();
  });

  it('refuses a tabs page 10,000 deep at its ninth page, on the server and in the browser alike', () => {
    const deep = tabsChain(10_000);
    const result = pageDescriptorSchema.safeParse(deep);
    expect(fieldErrorsOf(result.error?.issues ?? [])).toEqual([
      { path: tabsPathAt(9).join('.'), message: 'descriptor.tooDeep' },
    ]);
    expect(checkDescriptor(deep)).toEqual({
      ok: false,
      path: tabsPathAt(9).join('.'),
      message: 'descriptor.tooDeep',
    });
  });

  it(`refuses object ${DESCRIPTOR_LIMITS.nodes + 1}`, () => {
    const options = Array.from({ length: 200 }, (_, i) => ({ value: i, label: 'menu.taskCenter' }));
    const filters = Array.from({ length: 11 }, (_, i) => ({
      name: `f${i}`,
      label: 'menu.taskCenter',
      input: { kind: 'select', options },
    }));
    const page = { ...resultPage('p'), type: 'table', source: { path: '/cases' }, filters, columns: [] };
    // The page and its source are objects 1 and 2; each filter brings itself, its input and
    // 200 options (202): filter 9 is object 1821, its input 1822, and object 2001 its option 178.
    expect(checkTreeLimits(page, DESCRIPTOR_LIMITS)).toEqual({
      path: ['filters', 9, 'input', 'options', 178],
      message: 'descriptor.tooManyNodes',
    });
  });
});

describe('the walk itself', () => {
  const loose: TreeLimits = { kind: 'menu', levels: 1e9, nodes: 1e9, bytes: 1e9 };

  it('measures bytes as JSON.stringify writes them, in UTF-8', () => {
    const tricky = {
      text: 'ascii "quoted" \\ back\nslash\t\u0001 中文 😀 \ud800 end',
      n: [1, -2.5, 1e21, 0, null, true, false],
      nested: { empty: {}, list: [[], [{}]] },
    };
    for (const value of [tricky, ...PAGE_CATALOG.values()]) {
      const size = Buffer.byteLength(JSON.stringify(value), 'utf8');
      expect(checkTreeLimits(value, { ...loose, bytes: size })).toBeNull();
      expect(checkTreeLimits(value, { ...loose, bytes: size - 1 })?.message).toBe('menu.tooLarge');
    }
  });

  it(`refuses objects and arrays nested deeper than ${MAX_NESTING}, whatever they are`, () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const crossed = checkTreeLimits({ name: deep }, loose);
    expect(crossed?.message).toBe('tree.nestedTooDeep');
    expect(crossed?.path).toEqual(['name', ...Array(MAX_NESTING - 1).fill(0)]);
  });

  it('stops on a cycle (possible in the browser) instead of walking forever', () => {
    const node: Record<string, unknown> = { key: 'a' };
    node.children = [node];
    expect(checkTreeLimits([node], MENU_LIMITS)?.message).toBe('menu.tooDeep');
  });
});
