import { Alert, Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useRegistryEnv } from '../context';
import { type ChartKind, plotOptions } from './options';
import { useDarkTheme } from './theme';

type G2PlotModule = typeof import('@antv/g2plot');
interface Plot {
  render(): void;
  changeData(data: unknown): void;
  destroy(): void;
}

// About 240 kB gzip: only pages that draw a chart ever ask for it.
let g2plot: Promise<G2PlotModule> | null = null;
function loadG2Plot(): Promise<G2PlotModule> {
  g2plot ??= import('@antv/g2plot').catch((error: unknown) => {
    g2plot = null;
    throw error;
  });
  return g2plot;
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

  useEffect(() => {
    let cancelled = false;
    loadG2Plot()
      .then((g2) => {
        if (cancelled || !container.current) return;
        const theme = dark ? { ...g2.G2.getTheme('dark'), background: 'transparent' } : 'default';
        const spec = plotOptions({ kind, data: latestData.current, x, y, series, height, locale, theme });
        const created: Plot = new g2[spec.plot](container.current, spec.options as never);
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
  }, [kind, x, y, series, height, dark, locale]);

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
