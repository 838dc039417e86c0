import { afterEach, describe, expect, it } from 'vitest';
import {
  businessDayEnd,
  businessDayStart,
  businessTimeZone,
  DEFAULT_BUSINESS_TIME_ZONE,
  formatDate,
  formatDateTime,
  isTimeZone,
  setBusinessTimeZone,
} from '../../contract/dates';

afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('dates in the business time zone', () => {
  it('shows a time just before midnight UTC as the next day in Shanghai', () => {
    expect(businessTimeZone()).toBe('Asia/Shanghai');
    expect(formatDate('2026-03-08T23:30:00.000Z')).toBe('2026-03-09');
    expect(formatDateTime('2026-03-08T23:30:00.000Z')).toBe('2026-03-09 07:30:00');
  });

  it('shows a time just after 16:00 UTC as the start of the next Shanghai day', () => {
    expect(formatDateTime('2026-03-08T16:00:05.000Z')).toBe('2026-03-09 00:00:05');
    expect(formatDateTime('2026-03-08T15:59:59.000Z')).toBe('2026-03-08 23:59:59');
  });

  it('follows BUSINESS_TZ once set, the same instant reading as another day', () => {
    setBusinessTimeZone('UTC');
    expect(formatDate('2026-03-08T23:30:00.000Z')).toBe('2026-03-08');
    setBusinessTimeZone('America/New_York');
    expect(formatDateTime('2026-03-09T03:30:00.000Z')).toBe('2026-03-08 23:30:00');
  });

  it('keeps a calendar day as it is, and shows nothing for no date', () => {
    setBusinessTimeZone('America/Los_Angeles');
    expect(formatDate('2026-03-08')).toBe('2026-03-08');
    expect(formatDateTime('2026-03-08')).toBe('2026-03-08 00:00:00');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('accepts epoch milliseconds and Dates', () => {
    const instant = Date.parse('2026-12-31T16:00:00Z');
    expect(formatDate(instant)).toBe('2027-01-01');
    expect(formatDateTime(new Date(instant))).toBe('2027-01-01 00:00:00');
  });

  it('finds where a business day starts and ends, across a daylight-saving change too', () => {
    expect(businessDayStart('2026-03-09')).toBe('2026-03-08T16:00:00.000Z');
    expect(businessDayEnd('2026-03-09')).toBe('2026-03-09T16:00:00.000Z');
    // New York moves to summer time on 2026-03-08 at 02:00.
    expect(businessDayStart('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(businessDayEnd('2026-03-08', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('refuses a zone that does not exist', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(() => setBusinessTimeZone('Mars/Olympus')).toThrow(/unknown time zone/);
    expect(businessTimeZone()).toBe('Asia/Shanghai');
  });
});
