/**
 * Every date the product shows, exports or prints, in one business time zone and two formats:
 * `YYYY-MM-DD` and `YYYY-MM-DD HH:mm:ss`. The zone is the server's `BUSINESS_TZ` (Asia/Shanghai
 * by default): the server sets it at start, the browser from `GET /api/config` before its first
 * render, so a case created at 23:30 in Shanghai reads as that day everywhere, whatever the
 * zone of the machine or the browser. Stored times stay ISO-8601 UTC; a bare `YYYY-MM-DD`
 * (an entrustment's expiry, a repayment's day) is a calendar day and is shown as it is.
 */

export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Is `name` an IANA time zone this runtime knows (`Asia/Shanghai`, `UTC`)? */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

let zone = DEFAULT_BUSINESS_TIME_ZONE;

/** Sets the zone every formatter uses; an unknown zone is refused, not silently replaced. */
export function setBusinessTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new Error(`unknown time zone "${name}"`);
  zone = name;
}

export function businessTimeZone(): string {
  return zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall clock in `timeZone` at an instant. */
function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    // Some engines write midnight as 24 even with h23.
    hour: parts.hour === '24' ? '00' : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** An instant from an ISO string, epoch milliseconds or a Date; null when it is none of them. */
export function toInstant(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `YYYY-MM-DD` in the business zone; a bare calendar day as it is; '' for no date. */
export function formatDate(value: unknown, timeZone = zone): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return value;
  const instant = toInstant(value);
  if (!instant) return '';
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}`;
}

/** `YYYY-MM-DD HH:mm:ss` in the business zone; a bare calendar day at 00:00:00; '' for no date. */
export function formatDateTime(value: unknown, timeZone = zone): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return `${value} 00:00:00`;
  const instant = toInstant(value);
  if (!instant) return '';
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  const wall = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (ISO UTC, as stored) a business day `YYYY-MM-DD` starts. */
export function businessDayStart(day: string, timeZone = zone): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const guess = midnight - offsetAt(midnight, timeZone);
  // Once more from the guess: right across a daylight-saving change too.
  return new Date(midnight - offsetAt(guess, timeZone)).toISOString();
}

/** The instant the business day after `day` starts: the exclusive end of an inclusive range. */
export function businessDayEnd(day: string, timeZone = zone): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return businessDayStart(next, timeZone);
}
