import {
  formatDate as formatBusinessDate,
  formatDateTime as formatBusinessDateTime,
} from '../../contract/dates';
import type { WidgetProps } from '../registry';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A Date from an ISO string or epoch milliseconds; null when it is neither. */
export function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  // A bare date is a calendar day, not UTC midnight: read it in local time.
  const date =
    typeof value === 'string' && DATE_ONLY.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 2026-03-08: the business time zone's day (contract/dates.ts), '-' for none. */
export function formatDate(value: unknown): string {
  return formatBusinessDate(value) || '-';
}

/** 2026-03-08 14:30:00 in the business time zone (contract/dates.ts), '-' for none. */
export function formatDateTime(value: unknown): string {
  return formatBusinessDateTime(value) || '-';
}

export function DateWidget({ value }: WidgetProps) {
  return <>{formatDate(value)}</>;
}

export function DateTimeWidget({ value }: WidgetProps) {
  return <>{formatDateTime(value)}</>;
}
