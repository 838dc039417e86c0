import { maskPhone } from '../../../contract/access';
import {
  formatDate as formatBusinessDate,
  formatDateTime as formatBusinessDateTime,
} from '../../../contract/dates';
/** Display helpers for the user pages: dates in the business time zone, masked phone numbers. */

/** `YYYY-MM-DD HH:mm:ss` in the business time zone (contract/dates.ts), like every date shown. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatBusinessDateTime(iso) || '-';
}

/** `YYYY-MM-DD` in the business time zone. */
export function formatDate(iso: string | null | undefined): string {
  return formatBusinessDate(iso) || '-';
}

/** 138****0001: the security phone as shown on screen (contract/access.ts masks every number alike). */
export function shownPhone(phone: string | null | undefined): string {
  return phone ? maskPhone(phone) : '-';
}
