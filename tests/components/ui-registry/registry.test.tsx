import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  actionSchema,
  CHART_KINDS,
  dashboardBlockSchema,
  detailSectionSchema,
  displayWidgetSchema,
  inputSchema,
  nestedPageSchema,
  PAGE_TYPES,
  SCHEMA_VERSION,
} from '../../../contract/pages/descriptor';
import { plotOptions } from '../../../ui-registry/charts/options';
import { createDefaultRegistry } from '../../../ui-registry/defaults';
import { DescriptorView } from '../../../ui-registry/PageHost';
import { DashboardPage } from '../../../ui-registry/pages/dashboard/DashboardPage';
import { StatBlock } from '../../../ui-registry/pages/dashboard/StatBlock';
import { DETAIL_SECTIONS } from '../../../ui-registry/pages/detail/sections';
import { UnsupportedPlaceholder } from '../../../ui-registry/placeholder';
import {
  createRegistry,
  DuplicateRendererError,
  type FallbackProps,
  type RegistryKind,
} from '../../../ui-registry/registry';
import { registerWidgets } from '../../../ui-registry/widgets';
import { renderWithRegistry, testEnvironment } from './environment';

const Nothing = () => null;
const Custom = ({ kind, type }: FallbackProps) => <p>missing {`${kind}/${type}`}</p>;

describe('the registry', () => {
  it('refuses a second renderer under the same kind and type', () => {
    const registry = createRegistry({ fallback: UnsupportedPlaceholder });
    registry.register('widget', 'money', Nothing);
    expect(() => registry.register('widget', 'money', Nothing)).toThrow(DuplicateRendererError);
    // The same type under another kind is another renderer.
    expect(() => registry.register('block', 'money', Nothing)).not.toThrow();
  });

  it('refuses a second built-in page with the same name', () => {
    const registry = createDefaultRegistry();
    registry.registerBuiltin('UserSettings', Nothing);
    expect(() => registry.registerBuiltin('UserSettings', Nothing)).toThrow(/already registered/);
  });

  it('hands out the same component for the same type, fallbacks included, and warns once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createDefaultRegistry();
    expect(registry.resolve('page', 'dashboard')).toBe(registry.resolve('page', 'dashboard'));
    const missing = registry.resolve('page', 'kanban');
    expect(registry.resolve('page', 'kanban')).toBe(missing);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('page renderer for "kanban"');
    warn.mockRestore();
  });

  it('resolves a type registered after it was first missed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createRegistry({ fallback: UnsupportedPlaceholder });
    const before = registry.resolve('widget', 'stars');
    registry.register('widget', 'stars', Nothing);
    expect(registry.resolve('widget', 'stars')).toBe(Nothing);
    expect(before).not.toBe(Nothing);
    vi.restoreAllMocks();
  });

  it('shows a visible placeholder and a warning for a page type nobody registered', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const table = {
      schemaVersion: SCHEMA_VERSION,
      id: 'search-table',
      type: 'table',
      title: 'menu.searchTable',
      source: { path: '/cases' },
      columns: [{ field: 'caseNo', title: 'case.caseNo' }],
    };
    // A registry of the app's that has no table renderer (an older build, a trimmed preview).
    const registry = createRegistry({ fallback: UnsupportedPlaceholder });
    registerWidgets(registry);
    renderWithRegistry(<DescriptorView descriptor={table} />, { registry });
    expect(screen.getByText('不支持的组件：table')).toBeVisible();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"table"'));
    warn.mockRestore();
  });

  it('uses the fallback it was given', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = createDefaultRegistry();
    registry.setFallback(Custom);
    const page = {
      schemaVersion: SCHEMA_VERSION,
      id: 'x-form',
      type: 'builtin',
      title: 'a.b',
      component: 'Nowhere',
    };
    renderWithRegistry(<DescriptorView descriptor={page} />, { registry });
    expect(screen.getByText('missing builtin/Nowhere')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('renders a built-in page registered by the app, with its descriptor and route params', () => {
    const registry = createDefaultRegistry();
    registry.registerBuiltin('Monitor', ({ page, params }) => (
      <p>
        {page.id} for {params.id}
      </p>
    ));
    const page = {
      schemaVersion: SCHEMA_VERSION,
      id: 'monitor',
      type: 'builtin',
      title: 'menu.monitor',
      component: 'Monitor',
    };
    renderWithRegistry(<DescriptorView descriptor={page} params={{ id: '7' }} />, { registry });
    expect(screen.getByText('monitor for 7')).toBeInTheDocument();
  });
});

describe('a block that throws', () => {
  it('shows its own error while the blocks beside it render', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const registry = createRegistry({ fallback: UnsupportedPlaceholder });
    registry.register('page', 'dashboard', DashboardPage);
    registry.register('block', 'stat', StatBlock);
    registry.register('block', 'ranking', () => {
      throw new Error('ranking exploded');
    });
    registerWidgets(registry);
    const env = testEnvironment({
      request: async () => ({ totals: { cases: 1286 }, lawyerRanking: [] }) as never,
    });
    const dashboard = {
      schemaVersion: SCHEMA_VERSION,
      id: 'workplace',
      type: 'dashboard',
      title: 'menu.workplace',
      source: { path: '/dashboard/workplace' },
      blocks: [
        {
          kind: 'ranking',
          title: 'dashboard.lawyerRanking',
          field: 'lawyerRanking',
          label: 'name',
          value: 'closed',
        },
        { kind: 'stat', title: 'dashboard.totalCases', field: 'totals.cases' },
      ],
    };
    renderWithRegistry(<DescriptorView descriptor={dashboard} />, { env, registry });
    expect(await screen.findByText('该区块渲染出错：ranking exploded')).toBeInTheDocument();
    expect(screen.getByText('案件总数')).toBeInTheDocument();
    expect(screen.getByText('1,286')).toBeInTheDocument();
    error.mockRestore();
  });
});

/**
 * The values a discriminated union takes on its discriminator, read from the schema itself
 * (zod keeps them, through `z.lazy` too), so a type added to the schema is seen here at once.
 */
function discriminatorValues(schema: z.core.$ZodType, key: string): string[] {
  const values = schema._zod.propValues?.[key];
  if (!values) throw new Error(`not a union discriminated on "${key}"`);
  return [...values].map(String).sort();
}

describe('every type the descriptor schema names', () => {
  const schemaTypes: Array<[RegistryKind, string[]]> = [
    ['page', discriminatorValues(nestedPageSchema, 'type')],
    ['block', discriminatorValues(dashboardBlockSchema, 'kind')],
    ['widget', [...displayWidgetSchema.options].sort()],
    ['input', discriminatorValues(inputSchema, 'kind')],
    ['action', discriminatorValues(actionSchema, 'kind')],
  ];

  it.each(schemaTypes)(
    'has its %s renderer in the default registry, and nothing else does',
    (kind, types) => {
      expect(types.length).toBeGreaterThan(1);
      const registry = createDefaultRegistry();
      expect(types.filter((type) => !registry.has(kind, type))).toEqual([]);
      expect(registry.types(kind).sort()).toEqual(types);
    },
  );

  it('has a renderer for every detail section kind', () => {
    expect(Object.keys(DETAIL_SECTIONS).sort()).toEqual(discriminatorValues(detailSectionSchema, 'kind'));
  });

  it('draws every chart kind with a G2Plot class', () => {
    const spec = {
      data: [],
      x: 'month',
      y: 'count',
      height: 240,
      locale: 'zh-CN',
      totalLabel: '',
      theme: 'default',
    };
    const plots = CHART_KINDS.map((kind) => plotOptions({ ...spec, kind })?.plot);
    expect(plots.every((plot) => ['Line', 'Area', 'Column', 'Bar', 'Pie'].includes(plot as string))).toBe(
      true,
    );
  });

  it('lists in PAGE_TYPES exactly the page types of the page schema', () => {
    expect([...PAGE_TYPES].sort()).toEqual(discriminatorValues(nestedPageSchema, 'type'));
  });
});
