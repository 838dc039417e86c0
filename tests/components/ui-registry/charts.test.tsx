import './g2plot-setup';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHART_KINDS } from '../../../contract/pages/descriptor';
import { Chart } from '../../../ui-registry/charts/Chart';
import { plotOptions } from '../../../ui-registry/charts/options';
import { renderWithRegistry } from './environment';

const data = [
  { month: '2026-01', count: 80 },
  { month: '2026-02', count: 95 },
];

describe('charts drawn by the real G2Plot', () => {
  // G2Plot's plots and the registry's G2 (ui-registry/charts/g2.ts) are many modules to
  // transform on first import: load them once, so each test waits for a drawing, not for that.
  beforeAll(() => import('../../../ui-registry/charts/plots'), 30_000);

  it.each(CHART_KINDS)('draws a %s chart on a canvas and removes it on unmount', async (kind) => {
    const { container, unmount } = renderWithRegistry(
      <Chart kind={kind} data={data} x="month" y="count" height={240} />,
    );
    const host = container.querySelector(`[data-chart="${kind}"]`) as HTMLElement;
    await waitFor(() => expect(host.querySelector('canvas')).not.toBeNull());
    expect(host.querySelector('canvas')).toHaveAttribute('height', '240');
    // G2Plot's own strings come from a locale registry the per-plot imports leave out.
    expect(host.textContent).not.toMatch(/statistic|general\./);
    if (kind === 'donut') await waitFor(() => expect(host).toHaveTextContent('总计'));
    unmount();
    expect(host.querySelector('canvas')).toBeNull();
  });
});

describe('chart options', () => {
  const spec = {
    data,
    x: 'month',
    y: 'count',
    height: 300,
    locale: 'zh-CN',
    totalLabel: '总计',
    theme: 'default',
  };

  it('lays bars on their side: values along x, categories down y', () => {
    expect(plotOptions({ ...spec, kind: 'bar' }).options).toMatchObject({ xField: 'count', yField: 'month' });
  });

  it('draws pies and donuts by angle and colour, the donut with a hole', () => {
    const pie = plotOptions({ ...spec, kind: 'pie' });
    const donut = plotOptions({ ...spec, kind: 'donut' });
    expect(pie).toMatchObject({ plot: 'Pie', options: { angleField: 'count', colorField: 'month' } });
    expect(pie.options).not.toHaveProperty('innerRadius');
    expect(donut.options).toMatchObject({ innerRadius: 0.6 });
  });

  it("titles the donut's centre with the translated total, not G2Plot's locale key", () => {
    const donut = plotOptions({ ...spec, kind: 'donut', totalLabel: 'Total' });
    expect(donut.options).toMatchObject({ statistic: { title: { content: 'Total' } } });
  });

  it('groups columns by a series when there is one', () => {
    expect(plotOptions({ ...spec, kind: 'column', series: 'status' }).options).toMatchObject({
      seriesField: 'status',
      isGroup: true,
    });
  });

  it('fits its container and follows the language', () => {
    expect(plotOptions({ ...spec, kind: 'line', locale: 'en-US' }).options).toMatchObject({
      autoFit: true,
      locale: 'en-US',
    });
  });
});

describe("the registry's G2 (ui-registry/charts/g2.ts, what `@antv/g2` resolves to)", () => {
  it('registers the canvas renderer and the interactions every chart starts with', async () => {
    const { getEngine, getInteraction } = await import('@antv/g2');
    expect(getEngine('canvas')).toBeDefined();
    // G2's Chart defaults, and the hover effects G2Plot's column, bar and pie turn on.
    const names = ['tooltip', 'legend-filter', 'legend-active', 'continuous-filter', 'ellipsis-text'];
    for (const name of [...names, 'axis-description', 'element-active', 'active-region']) {
      expect(getInteraction(name), name).toBeDefined();
    }
  });

  it("draws dark charts with G2's dark palette on a transparent background", async () => {
    const { darkTheme } = await import('../../../ui-registry/charts/dark-theme');
    const { getTheme } = await import('@antv/g2');
    expect(darkTheme).toMatchObject({ background: 'transparent' });
    // Light text on dark cards: the label colours are not the light theme's.
    expect(darkTheme.labels).toBeDefined();
    expect(darkTheme.labels).not.toEqual(getTheme('default').labels);
  });
});
