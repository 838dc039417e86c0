import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { numberFormat, toNumber } from './number';

/** A ratio shown as a percentage: 0.6364 -> "63.6%". */
export function formatPercent(value: unknown, locale: string): string {
  const n = toNumber(value);
  return n === null ? '-' : numberFormat(locale, 'percent').format(n);
}

export function PercentWidget({ value }: WidgetProps) {
  const { locale } = useRegistryEnv();
  return <>{formatPercent(value, locale)}</>;
}
