import type { WidgetProps } from '../registry';
import { displayText } from './text';

/**
 * A phone number as the server sent it: in full to a caller holding `phones.read` over it,
 * masked (138****0001) to anyone else. Masking is the server's job: a number the caller may
 * not read never reaches the browser.
 */
export function PhoneWidget({ value }: WidgetProps) {
  const phone = displayText(value).trim();
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{phone || '-'}</span>;
}
