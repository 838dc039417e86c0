import { canAccess } from '../../contract/roles';
import { useRegistryEnv } from '../context';
import type { WidgetProps } from '../registry';
import { displayText } from './text';

/** 13800000001 -> 138****0001; shorter values hide everything. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * Phone numbers are masked unless the column's `unmaskRoles` names the viewer's role. Unlike
 * other `roles` lists, no list means nobody: a column must opt in to showing full numbers.
 */
export function PhoneWidget({ column, value }: WidgetProps) {
  const { role } = useRegistryEnv();
  const phone = displayText(value);
  const unmasked = column.unmaskRoles !== undefined && canAccess(column.unmaskRoles, role);
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{unmasked ? phone : maskPhone(phone)}</span>;
}
