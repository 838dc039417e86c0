import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Component, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ColumnDescriptor,
  DISPLAY_WIDGETS,
  PAGE_TYPES,
  SCHEMA_VERSION,
} from '../../../contract/pages/descriptor';
import { ENUM_NAMES } from '../../../contract/pages/enums';
import { PAGE_CATALOG } from '../../../server/pages/catalog';
import { builtinPages } from '../../../server/pages/catalog/builtins';
import { dashboardPages } from '../../../server/pages/catalog/dashboards';
import { createDefaultRegistry } from '../../../ui-registry/defaults';
import { RegistryProvider } from '../../../ui-registry/environment';
import { DescriptorView, PageHost } from '../../../ui-registry/PageHost';
import { checkDescriptor } from '../../../ui-registry/validation';
import { renderValue } from '../../../ui-registry/widgets/render-value';
import { preloadRenderers, testEnvironment } from './environment';
import {
  caseDetail,
  caseForm,
  caseRecord,
  caseRow,
  caseTable,
  everyFilterTable,
  everyInputForm,
} from './fixtures';

// Charts are drawn by a stand-in: the property is about the renderers, not G2Plot.
vi.mock('../../../ui-registry/charts/plots', () => {
  class FakePlot {
    render() {}
    changeData() {}
    destroy() {}
  }
  return {
    Line: FakePlot,
    Area: FakePlot,
    Column: FakePlot,
    Bar: FakePlot,
    Pie: FakePlot,
    loadDarkTheme: async () => ({}),
  };
});

/** The error boundary at the top: if it is ever reached, a renderer crashed the page. */
class TopBoundary extends Component<
  { children: ReactNode; onCrash: (error: unknown) => void },
  { crashed: boolean }
> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onCrash(error);
  }
  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}

const registry = createDefaultRegistry();

/** Renders a descriptor (and the data its source answers), lets the data arrive, reports what happened. */
async function renderRandom(view: (crash: (e: unknown) => void) => ReactNode) {
  let crash: unknown = null;
  const { container } = render(view((e) => (crash = e ?? new Error('crash'))));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const text = container.textContent ?? '';
  const namedPath = container.querySelector('[data-descriptor-path]')?.getAttribute('data-descriptor-path');
  cleanup();
  return { crash, text, namedPath };
}

function environment(data: unknown) {
  return testEnvironment({
    role: 'superAdmin',
    request: async () => data as never,
    fetchPage: async () => undefined,
  });
}

function viewOf(descriptor: unknown, data: unknown) {
  return (onCrash: (e: unknown) => void) => (
    <TopBoundary onCrash={onCrash}>
      <RegistryProvider env={environment(data)} registry={registry}>
        <DescriptorView descriptor={descriptor} params={{ id: '1' }} />
      </RegistryProvider>
    </TopBoundary>
  );
}

const result = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-node',
  type: 'result',
  title: 'menu.caseNode',
  status: 'info',
  subtitle: 'page.notYetAvailable',
  actions: [{ key: 'home', kind: 'navigate', label: 'common.backHome', to: '/list/case-detail/:id' }],
};
const tabs = {
  schemaVersion: SCHEMA_VERSION,
  id: 'statistics',
  type: 'tabs',
  title: 'menu.statistics',
  tabs: [
    { key: 'a', title: 'common.view', page: dashboardPages[1] },
    { key: 'b', title: 'common.edit', page: result },
  ],
};
const table = {
  schemaVersion: SCHEMA_VERSION,
  id: 'search-table',
  type: 'table',
  title: 'menu.searchTable',
  source: { path: '/cases' },
  columns: [{ field: 'caseNo', title: 'case.caseNo', widget: 'link', link: '/list/case-detail/:id' }],
};
/** The product's own pages (server/pages/catalog) and the test's, of the types that show records. */
const CATALOG = [...PAGE_CATALOG.values()];
const RECORD_PAGES: unknown[] = [
  caseTable,
  everyFilterTable,
  caseForm,
  everyInputForm,
  caseDetail,
  ...CATALOG.filter((page) => ['table', 'form', 'detail', 'tabs'].includes(page.type)),
];
const SEEDS: unknown[] = [...CATALOG, ...builtinPages, result, tabs, table, ...RECORD_PAGES];

const dashboardData = {
  totals: { cases: 1286, lawyers: 57, inProgress: 311, successRate: 0.63, pool: 4, recoveredFen: 1234500 },
  trend: [{ month: '2026-01', count: 80 }],
  results: [{ result: 'mediated', count: 12 }],
  statuses: [{ status: 'pending', count: 3 }],
  lawyerRanking: [{ id: 1, name: '王律师', closed: 4 }],
  upcomingSessions: [
    { id: 2, caseNo: 'CD-1', title: '纠纷', court: null, courtSessionAt: '2026-05-01T09:00:00Z' },
  ],
};

/**
 * One answer that fits every page type: a dashboard's figures, a list's `{ list, total }`, a
 * case record with its related lists, and the options of a select.
 */
const pageData = {
  ...dashboardData,
  ...caseRecord(),
  list: [
    caseRow(1),
    caseRow(2, { status: 'processing', allowedEvents: ['SUSPEND', 'CLOSE'] }),
    { id: 3, name: '赵律师' },
  ],
  total: 3,
};

type Path = Array<string | number>;

function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const children = Array.isArray(value)
    ? value.flatMap((item, i) => pathsOf(item, [...at, i]))
    : Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]));
  return [at, ...children];
}

type Mutation = { pick: number; op: 'delete' | 'set'; value: unknown };

function mutate(seed: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(seed);
  for (const { pick, op, value } of mutations) {
    const paths = pathsOf(root);
    const path = paths[pick % paths.length];
    if (path.length === 0) {
      root = op === 'delete' ? undefined : value;
      continue;
    }
    let parent = root as Record<string | number, unknown>;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path[path.length - 1];
    if (op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else parent[last] = value;
  }
  return root;
}

const nasty = fc.constantFrom(
  'javascript:alert(1)',
  '//evil.example',
  'https://evil.example',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  '',
  'table',
  'donut',
  'money',
  'countdown',
  'caseStatus',
  '/list/:id',
  '12',
  -1,
  0,
  0.5,
  1e21,
  Number.NaN,
  true,
  null,
  [],
  {},
);
const replacement = fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 }));
const mutation = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('delete' as const, 'set' as const),
  value: replacement,
});
/** The real answer's shape with about a quarter of its values swapped for odd ones. */
function scrambled<T>(value: T) {
  const leaves = pathsOf(value).filter((path) => {
    const at = path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
    return at === null || typeof at !== 'object';
  });
  const KEEP = Symbol('keep');
  return fc
    .array(fc.oneof({ arbitrary: fc.constant(KEEP), weight: 3 }, { arbitrary: replacement, weight: 1 }), {
      minLength: leaves.length,
      maxLength: leaves.length,
    })
    .map((choices) => {
      const copy = structuredClone(value) as Record<string | number, unknown>;
      choices.forEach((choice, i) => {
        if (choice === KEEP) return;
        const path = leaves[i];
        const parent = path
          .slice(0, -1)
          .reduce<Record<string | number, unknown>>((node, step) => node[step] as never, copy);
        parent[path[path.length - 1]] = choice;
      });
      return copy;
    });
}

const data = fc.oneof(
  fc.constant(pageData),
  scrambled(pageData),
  fc.array(mutation, { minLength: 1, maxLength: 6 }).map((m) => mutate(pageData, m)),
  fc.jsonValue({ maxDepth: 3 }),
);
const mutatedDescriptor = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([seed, mutations]) => mutate(seed, mutations));
const pageShaped = fc.record(
  {
    schemaVersion: fc.constantFrom(SCHEMA_VERSION, 2, '1'),
    id: fc.constantFrom('workplace', 'x', 'Bad Id'),
    type: fc.constantFrom(...PAGE_TYPES, 'html', ''),
    title: fc.constantFrom('menu.workplace', '', 'has space'),
    source: fc.jsonValue({ maxDepth: 2 }),
    blocks: fc.jsonValue({ maxDepth: 3 }),
    status: fc.constantFrom('info', '418'),
    component: fc.constantFrom('Monitor', 'lowercase'),
  },
  { requiredKeys: [] },
);

let warn: ReturnType<typeof vi.spyOn>;
// Lazy renderers compiled up front: each run waits one tick for its page, not for the compiler.
beforeAll(preloadRenderers, 30_000);
beforeAll(() => {
  // Unsupported placeholders warn by design; the property checks the page, not the log.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => warn.mockRestore());

async function holds(descriptor: unknown, answer: unknown) {
  const check = checkDescriptor(descriptor);
  const { crash, text, namedPath } = await renderRandom(viewOf(descriptor, answer));
  expect(crash).toBeNull();
  expect(text).not.toContain('该区块渲染出错');
  if (check.ok) return;
  // Every invalid descriptor is answered with the path of the wrong field.
  expect(namedPath).toBe(check.path);
  expect(text).toContain(check.path || '（整个描述）');
  const isObject = descriptor !== null && typeof descriptor === 'object' && !Array.isArray(descriptor);
  if (isObject) expect(check.path).not.toBe('');
}

describe('random values', () => {
  const column = fc.record(
    {
      field: fc.constant('value'),
      title: fc.constant('case.title'),
      widget: fc.constantFrom(...DISPLAY_WIDGETS),
      enum: fc.constantFrom(...ENUM_NAMES),
      link: fc.constantFrom('/list/case-detail/:id', '/:value', '/static'),
      access: fc.constantFrom('cases.read' as const, 'lawyers.review:all' as const, 'monitor.read' as const),
    },
    { requiredKeys: ['field', 'title', 'widget'] },
  );

  it('never crash a widget, whatever the record holds', async () => {
    await fc.assert(
      fc.asyncProperty(column, fc.oneof(nasty, fc.anything()), fc.anything(), async (col, value, id) => {
        const { crash, text } = await renderRandom((onCrash) => (
          <TopBoundary onCrash={onCrash}>
            <RegistryProvider env={environment(null)} registry={registry}>
              {renderValue(col as ColumnDescriptor, { value, id })}
            </RegistryProvider>
          </TopBoundary>
        ));
        expect(crash).toBeNull();
        expect(text).not.toBe('');
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('random descriptors', () => {
  it('never crash DescriptorView, and invalid ones name a path: arbitrary values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (descriptor) => holds(descriptor, null)),
      { numRuns: 150 },
    );
  }, 60_000);

  it('never crash DescriptorView, and invalid ones name a path: page-shaped objects', async () => {
    await fc.assert(fc.asyncProperty(pageShaped, data, holds), { numRuns: 150 });
  }, 60_000);

  it('never crash DescriptorView, and invalid ones name a path: mutated product descriptors', async () => {
    await fc.assert(fc.asyncProperty(mutatedDescriptor, data, holds), { numRuns: 200 });
  }, 120_000);

  it('never crash a valid dashboard, whatever its source answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...dashboardPages), data, async (page, answer) => {
        const { crash, text } = await renderRandom(viewOf(page, answer));
        expect(crash).toBeNull();
        expect(text).not.toContain('该区块渲染出错');
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('sees those pages rendered within its wait, not their skeletons', async () => {
    const expected: Array<[unknown, string]> = [
      [caseTable, 'MS00000001'],
      [everyInputForm, '提交'],
      [caseDetail, 'TAKE: pending -> processing'],
    ];
    for (const [page, text] of expected)
      expect((await renderRandom(viewOf(page, pageData))).text).toContain(text);
  });

  it('never crash a valid table, form or detail page, whatever its source answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RECORD_PAGES), data, async (page, answer) => {
        expect(checkDescriptor(page).ok).toBe(true);
        const { crash, text } = await renderRandom(viewOf(page, answer));
        expect(crash).toBeNull();
        expect(text).not.toContain('该区块渲染出错');
        expect(text).not.toBe('');
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('never crash PageHost, whatever the server sends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedDescriptor, fc.jsonValue()), async (descriptor) => {
        let crash: unknown = null;
        const env = testEnvironment({
          fetchPage: async () => descriptor,
          request: async () => dashboardData as never,
        });
        const { container } = render(
          <TopBoundary onCrash={(e) => (crash = e ?? new Error('crash'))}>
            <RegistryProvider env={env} registry={registry}>
              <PageHost pageId="workplace" />
            </RegistryProvider>
          </TopBoundary>,
        );
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        expect(crash).toBeNull();
        expect(container.textContent).not.toBe('');
        cleanup();
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
