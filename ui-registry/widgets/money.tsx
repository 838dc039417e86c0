import type { WidgetProps } from '../registry';
import { toNumber } from './number';

/**
 * Money travels as integer fen (分) everywhere in the product; people read yuan:
 * 123456789 -> "¥1,234,567.89". Integer arithmetic, so no float rounding on the way.
 */
export function formatFen(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return '-';
  const fen = Math.round(Math.abs(n));
  const yuan = Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(fen % 100).padStart(2, '0');
  return `${n < 0 && fen > 0 ? '-' : ''}¥${yuan}.${cents}`;
}

export function MoneyWidget({ value }: WidgetProps) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(value)}</span>;
}
