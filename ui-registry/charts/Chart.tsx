import { Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useRegistryEnv } from '../context';
import { Alert } from '../on-demand';
import { type ChartKind, plotOptions } from './options';
import { useDarkTheme } from './theme';

type Plots = typeof import('./plots');
interface Plot {
  render(): void;
  changeData(data: unknown): void;
  destroy(): void;
}

// G2Plot's five plots and the G2 under them, about 150 kB gzip: only pages that draw a chart
// ask for them; the dark theme only while the app is dark.
let plots: Promise<Plots> | null = null;
function loadPlots(): Promise<Plots> {
  plots ??= import('./plots').catch((error: unknown) => {
    plots = null;
    throw error;
  });
  return plots;
}

export interface ChartProps {
  kind: ChartKind;
  data: Record<string, unknown>[];
  x: string;
  y: string;
  series?: string;
  height: number;
}

/**
 * A G2Plot chart: created once G2Plot has loaded, redrawn when its shape, the theme or the
 * language changes, fed new data in place, resized with its container (autoFit), destroyed
 * on unmount.
 */
export function Chart({ kind, data, x, y, series, height }: ChartProps) {
  const { locale, t } = useRegistryEnv();
  const dark = useDarkTheme();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<Plot | null>(null);
  const latestData = useRef(data);
  latestData.current = data;
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const totalLabel = t('registry.chartTotal');

  useEffect(() => {
    let cancelled = false;
    loadPlots()
      .then(async (g2plot) => {
        const theme = dark ? await g2plot.loadDarkTheme() : 'default';
        if (cancelled || !container.current) return;
        const spec = plotOptions({
          kind,
          data: latestData.current,
          x,
          y,
          series,
          height,
          locale,
          totalLabel,
          theme,
        });
        const created: Plot = new g2plot[spec.plot](container.current, spec.options as never);
        created.render();
        plot.current = created;
        setState('drawn');
      })
      .catch((error: unknown) => {
        console.warn('[ui-registry] chart failed', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      plot.current?.destroy();
      plot.current = null;
    };
  }, [kind, x, y, series, height, dark, locale, totalLabel]);

  useEffect(() => {
    plot.current?.changeData(data);
  }, [data]);

  if (state === 'failed') return <Alert type="error" content={t('registry.chartFailed')} />;
  return (
    <Spin loading={state === 'loading'} block>
      <div ref={container} style={{ height }} data-chart={kind} />
    </Spin>
  );
}
