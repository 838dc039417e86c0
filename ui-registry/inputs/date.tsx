import { DatePicker } from '@arco-design/web-react';
import { businessTimeZone } from '../../contract/dates';
import { useRegistryEnv } from '../context';
import type { InputProps } from '../registry';
import { toDate } from '../widgets/date';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD (what the API's day fields take). */
export function DateInput({ field, value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  return (
    <DatePicker
      inputProps={{ id }}
      value={typeof value === 'string' && DAY.test(value) ? value : undefined}
      onChange={(day) => onChange(day || undefined)}
      placeholder={field.placeholder ? t(field.placeholder) : undefined}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/**
 * A moment, shown and picked in the business time zone (contract/dates.ts) like every date on
 * screen, and kept as an ISO timestamp (UTC), which the API reads without guessing the zone.
 */
export function DateTimeInput({ field, value, onChange, disabled, id }: InputProps) {
  const { t } = useRegistryEnv();
  const moment = toDate(value);
  return (
    <DatePicker
      inputProps={{ id }}
      showTime
      timezone={businessTimeZone()}
      value={moment ? moment.getTime() : undefined}
      onChange={(_, picked) => onChange(picked ? picked.toDate().toISOString() : undefined)}
      placeholder={field.placeholder ? t(field.placeholder) : undefined}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}

/** Two days, `[from, to]`; sent as `<name>From` and `<name>To`. */
export function DateRangeInput({ value, onChange, disabled, id }: InputProps) {
  const days = Array.isArray(value) ? value.slice(0, 2) : [];
  const usable = days.length === 2 && days.every((day) => typeof day === 'string' && DAY.test(day));
  return (
    <DatePicker.RangePicker
      inputProps={[{ id }, {}]}
      value={usable ? (days as string[]) : undefined}
      onChange={(range) => onChange(range?.length === 2 ? range : undefined)}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
