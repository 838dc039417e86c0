import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Component, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ColumnDescriptor, DISPLAY_WIDGETS } from '../../../contract/pages/descriptor';
import { ENUM_NAMES } from '../../../contract/pages/enums';
import { dashboardPages } from '../../../server/pages/catalog/dashboards';
import { createDefaultRegistry } from '../../../ui-registry/defaults';
import { RegistryProvider } from '../../../ui-registry/environment';
import { DescriptorView, PageHost } from '../../../ui-registry/PageHost';
import { checkDescriptor } from '../../../ui-registry/validation';
import { renderValue } from '../../../ui-registry/widgets/render-value';
import { preloadRenderers, testEnvironment } from './environment';
import { caseDetail, caseTable, everyInputForm } from './fixtures';
import {
  dashboardData,
  data,
  mutatedDescriptor,
  nasty,
  pageData,
  pageShaped,
  RECORD_PAGES,
} from './random-pages';

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
