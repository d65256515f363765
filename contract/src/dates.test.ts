import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatLongDate,
  formatMediumDate,
  formatMediumDateWithYear,
  formatMonthYear,
  isIsoDate,
  isoDateSchema,
  localToday,
  monthStart,
  todayUtc,
  weekday,
} from './dates';

describe('calendar dates', () => {
  it('adds days across month ends and daylight-saving changes', () => {
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('counts whole days between dates, negative when the second is earlier', () => {
    expect(daysBetween('2026-04-01', '2026-04-11')).toBe(10);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-04-11', '2026-04-01')).toBe(-10);
  });
  it('reads today from the clock it is given, in UTC or on the local clock', () => {
    const now = new Date(2026, 3, 2, 23, 30);
    expect(localToday(now)).toBe('2026-04-02');
    expect(todayUtc(new Date('2026-04-02T05:30:00Z'))).toBe('2026-04-02');
  });
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('04/02/2026')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(isoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-2-3').success).toBe(false);
  });
  it('walks months and weekdays', () => {
    expect(monthStart('2026-04-17')).toBe('2026-04-01');
    expect(addMonths('2026-01-01', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-01', -1)).toBe('2025-12-01');
    expect(weekday('2026-04-01')).toBe(3);
  });
  it('formats dates in US English, whatever the machine zone', () => {
    expect(formatLongDate('2026-04-02')).toBe('Thursday, April 2, 2026');
    expect(formatMediumDate('2026-04-02')).toBe('Thu, Apr 2');
    expect(formatMediumDateWithYear('2026-04-02')).toBe('Thu, Apr 2, 2026');
    expect(formatMediumDateWithYear('not a date')).toBe('not a date');
    expect(formatMonthYear('2026-04-01')).toBe('April 2026');
  });
});
