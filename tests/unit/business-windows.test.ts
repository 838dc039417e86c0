import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from '../../contract/dates';
import { lastTwelveMonths } from '../../server/statistics/data';
import { taskWindows } from '../../server/tasks/center';

// The task center's "today" and "this week" and the statistics' months follow BUSINESS_TZ like
// every other date, not a fixed +8 hours.
afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

describe('business days of the task center and the statistics', () => {
  // Sunday 2026-11-29 16:30 UTC: already Monday 00:30 in Shanghai, still Sunday in New York.
  const lateSunday = new Date('2026-11-29T16:30:00Z');

  it('counts today and the week in Shanghai by default', () => {
    expect(taskWindows(lateSunday)).toEqual({
      today: '2026-11-30',
      expiryEnd: '2026-12-30',
      weekStart: '2026-11-29T16:00:00.000Z',
      weekEnd: '2026-12-06T16:00:00.000Z',
    });
  });

  it('counts them in the configured zone', () => {
    setBusinessTimeZone('America/New_York');
    expect(taskWindows(lateSunday)).toEqual({
      today: '2026-11-29',
      expiryEnd: '2026-12-29',
      weekStart: '2026-11-23T05:00:00.000Z',
      weekEnd: '2026-11-30T05:00:00.000Z',
    });
  });

  it('ends the twelve months with the business month', () => {
    const newYearInShanghai = new Date('2026-12-31T16:30:00Z');
    expect(lastTwelveMonths(newYearInShanghai).at(-1)).toBe('2027-01');
    expect(lastTwelveMonths(newYearInShanghai)[0]).toBe('2026-02');
    setBusinessTimeZone('America/New_York');
    expect(lastTwelveMonths(newYearInShanghai).at(-1)).toBe('2026-12');
  });
});
