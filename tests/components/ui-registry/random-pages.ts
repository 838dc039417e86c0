import fc from 'fast-check';
import { PAGE_TYPES, SCHEMA_VERSION } from '../../../contract/pages/descriptor';
import { PAGE_CATALOG } from '../../../server/pages/catalog';
import { builtinPages } from '../../../server/pages/catalog/builtins';
import { dashboardPages } from '../../../server/pages/catalog/dashboards';
import {
  caseDetail,
  caseForm,
  caseRecord,
  caseRow,
  caseTable,
  everyFilterTable,
  everyInputForm,
} from './fixtures';

/**
 * What property.test.tsx draws from: the product's pages and the test's (seeds), answers that
 * fit every page type, and the ways of making both odd (mutations, scrambled values, nasty ones).
 */

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
export const RECORD_PAGES: unknown[] = [
  caseTable,
  everyFilterTable,
  caseForm,
  everyInputForm,
  caseDetail,
  ...CATALOG.filter((page) => ['table', 'form', 'detail', 'tabs'].includes(page.type)),
];
const SEEDS: unknown[] = [...CATALOG, ...builtinPages, result, tabs, table, ...RECORD_PAGES];

export const dashboardData = {
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
export const pageData = {
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

export const nasty = fc.constantFrom(
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

export const data = fc.oneof(
  fc.constant(pageData),
  scrambled(pageData),
  fc.array(mutation, { minLength: 1, maxLength: 6 }).map((m) => mutate(pageData, m)),
  fc.jsonValue({ maxDepth: 3 }),
);
export const mutatedDescriptor = fc
  .tuple(fc.constantFrom(...SEEDS), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([seed, mutations]) => mutate(seed, mutations));
export const pageShaped = fc.record(
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
