import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { numberFormat, toNumber } from './number';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A byte count as people read it: 980 B, 12.5 KB, 2.87 MB (1 KB = 1,024 bytes); '-' for anything else. */
export function formatFileSize(value: unknown, locale: string): string {
  const bytes = toNumber(value);
  if (bytes === null || bytes < 0) return '-';
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  const shown = unit === 0 ? size : Math.round(size * 100) / 100;
  return `${numberFormat(locale, 'decimal').format(shown)} ${UNITS[unit]}`;
}

export function FileSizeWidget({ value }: WidgetProps) {
  const { locale } = useRegistryEnv();
  return <>{formatFileSize(value, locale)}</>;
}
