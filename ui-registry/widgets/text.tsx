import type { WidgetProps } from '../registry';

/**
 * Plain text of a value: primitives as they are, lists of primitives joined (blank items left
 * out; a list of nothing but blanks is '-'), objects not at all.
 */
export function displayText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    const items = value.map(String).filter((item) => item.trim() !== '');
    return items.length === 0 ? '-' : items.join(', ');
  }
  return '-';
}

export function TextWidget({ value }: WidgetProps) {
  return <>{displayText(value)}</>;
}
