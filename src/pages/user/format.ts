import { maskPhone } from '../../../contract/access';
/** Display helpers for the user pages: dates in the UI language, masked phone numbers. */

export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** 138****0001: the security phone as shown on screen (contract/access.ts masks every number alike). */
export function shownPhone(phone: string | null | undefined): string {
  return phone ? maskPhone(phone) : '-';
}
