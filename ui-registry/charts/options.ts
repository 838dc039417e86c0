import type { CHART_KINDS } from '../../contract/pages/descriptor';

export type ChartKind = (typeof CHART_KINDS)[number];
/** The G2Plot classes the six chart kinds are drawn with. */
export type PlotClass = 'Line' | 'Area' | 'Column' | 'Bar' | 'Pie';

export interface ChartSpec {
  kind: ChartKind;
  data: Record<string, unknown>[];
  /** Category field (months, statuses); for pies the slice name. */
  x: string;
  /** Value field. */
  y: string;
  series?: string;
  height: number;
  locale: string;
  /** The donut's centre title ("总计"): G2Plot's own text needs its locale registry, not loaded. */
  totalLabel: string;
  /** G2Plot theme: 'default', or the dark theme object with a transparent background (dark-theme.ts). */
  theme: string | object;
}

/** Descriptor chart kinds -> G2Plot class and options. Pure, so tests read it without a canvas. */
export function plotOptions(spec: ChartSpec): { plot: PlotClass; options: Record<string, unknown> } {
  const common = {
    data: spec.data,
    height: spec.height,
    autoFit: true,
    locale: spec.locale,
    theme: spec.theme,
    appendPadding: [8, 8, 0, 0],
  };
  const series = spec.series ? { seriesField: spec.series } : {};
  switch (spec.kind) {
    case 'line':
      return {
        plot: 'Line',
        options: { ...common, ...series, xField: spec.x, yField: spec.y, smooth: true, point: { size: 3 } },
      };
    case 'area':
      return {
        plot: 'Area',
        options: { ...common, ...series, xField: spec.x, yField: spec.y, smooth: true },
      };
    case 'column':
      return {
        plot: 'Column',
        options: {
          ...common,
          ...series,
          xField: spec.x,
          yField: spec.y,
          maxColumnWidth: 40,
          isGroup: Boolean(spec.series),
        },
      };
    case 'bar':
      // G2Plot's Bar is horizontal: the value runs along x, the categories down y.
      return {
        plot: 'Bar',
        options: {
          ...common,
          ...series,
          xField: spec.y,
          yField: spec.x,
          maxBarWidth: 24,
          isGroup: Boolean(spec.series),
        },
      };
    case 'pie':
    case 'donut':
      return {
        plot: 'Pie',
        options: {
          ...common,
          angleField: spec.y,
          colorField: spec.x,
          ...(spec.kind === 'donut'
            ? {
                innerRadius: 0.6,
                // Outside the ring (white on G2's light palette is hard to read), on the sides as
                // the pie's: at 1366 an outer label beside a full-size ring was cut ("48.4...").
                radius: 0.7,
                label: { type: 'spider', content: '{name}\n{percentage}' },
                // The centre total is HTML: Arco's text colours follow light and dark by themselves.
                statistic: {
                  title: {
                    content: spec.totalLabel,
                    style: { color: 'var(--color-text-3)', fontSize: '14px' },
                  },
                  content: { style: { color: 'var(--color-text-1)', fontSize: '24px' } },
                },
              }
            : {
                // A smaller pie and labels on the sides, name over percentage: at 1366 an outer
                // label on one line was cut short ("已结案 3…").
                radius: 0.7,
                label: { type: 'spider', content: '{name}\n{percentage}' },
              }),
          // Names wrap onto more rows rather than page (a pie has a handful of them).
          legend: { position: 'bottom', flipPage: false },
          interactions: [{ type: 'element-active' }],
        },
      };
  }
}
