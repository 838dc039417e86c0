import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and style: tables format thousands of cells. */
export function numberFormat(locale: string, style: 'decimal' | 'percent'): Intl.NumberFormat {
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style, maximumFractionDigits: style === 'percent' ? 1 : 2 });
    formats.set(key, format);
  }
  return format;
}

/** A finite number from a number or a numeric string; null for anything else. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** 1234567.5 -> "1,234,567.5". */
export function formatNumber(value: unknown, locale: string): string {
  const n = toNumber(value);
  return n === null ? '-' : numberFormat(locale, 'decimal').format(n);
}

export function NumberWidget({ value }: WidgetProps) {
  const { locale } = useRegistryEnv();
  return <>{formatNumber(value, locale)}</>;
}
