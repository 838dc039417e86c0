import './g2plot-setup';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHART_KINDS } from '../../../contract/pages/descriptor';
import { Chart } from '../../../ui-registry/charts/Chart';
import { plotOptions } from '../../../ui-registry/charts/options';
import { renderWithRegistry } from './environment';

const data = [
  { month: '2026-01', count: 80 },
  { month: '2026-02', count: 95 },
];

describe('charts drawn by the real G2Plot', () => {
  it.each(CHART_KINDS)('draws a %s chart on a canvas and removes it on unmount', async (kind) => {
    const { container, unmount } = renderWithRegistry(
      <Chart kind={kind} data={data} x="month" y="count" height={240} />,
    );
    const host = container.querySelector(`[data-chart="${kind}"]`) as HTMLElement;
    await waitFor(() => expect(host.querySelector('canvas')).not.toBeNull());
    expect(host.querySelector('canvas')).toHaveAttribute('height', '240');
    unmount();
    expect(host.querySelector('canvas')).toBeNull();
  });
});

describe('chart options', () => {
  const spec = { data, x: 'month', y: 'count', height: 300, locale: 'zh-CN', theme: 'default' };

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
