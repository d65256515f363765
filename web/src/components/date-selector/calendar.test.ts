import { describe, expect, it } from 'vitest';
import { addDays } from '@gowild/contract/dates';
import { boxDays, calendarCells, dayTags, firstNonBlackoutDay, peakDayWords } from './calendar';

describe('date selector calendar', () => {
  it('builds 42 cells starting on the Sunday on or before the 1st', () => {
    const cells = calendarCells('2026-04-01');
    expect(cells).toHaveLength(42);
    expect(cells[0]).toEqual({ date: '2026-03-29', inMonth: false }); // 1 April 2026 is a Wednesday
    expect(cells[3]).toEqual({ date: '2026-04-01', inMonth: true });
    expect(cells[41]!.date).toBe('2026-05-09');
    expect(calendarCells('2026-02-01')[0]!.date).toBe('2026-02-01'); // a month starting on Sunday
  });
  it('lists 30 consecutive days from today across month ends', () => {
    const days = boxDays('2026-01-20', 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-20');
    expect(days[12]).toBe('2026-02-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });
  it('tags days: blackout or available, gowild today and tomorrow, international 0–9 days ahead, nothing in the past', () => {
    const blackout = new Set(['2026-04-05']);
    const today = '2026-04-01';
    expect(dayTags('2026-04-01', today, blackout)).toEqual(['available', 'gowild', 'international']);
    expect(dayTags('2026-04-02', today, blackout)).toEqual(['available', 'gowild', 'international']);
    // A blackout day is never tagged GoWild: the Peak Day Charge is its one GoWild possibility, in words.
    expect(dayTags('2026-04-05', today, blackout)).toEqual(['blackout', 'peak-day']);
    expect(dayTags('2026-04-10', today, blackout)).toEqual(['available', 'international']);
    expect(dayTags('2026-04-11', today, blackout)).toEqual(['available']);
    expect(dayTags('2026-03-31', today, blackout)).toEqual([]);
  });
  it('tags nothing while the blackout list is not known (null): no day may read as GoWild before it is', () => {
    expect(dayTags('2026-04-01', '2026-04-01', null)).toEqual([]);
    expect(dayTags('2026-04-02', '2026-04-01', null)).toEqual([]);
  });
  it('finds the first day that is not a blackout date', () => {
    const blackout = new Set(['2026-11-28', '2026-11-29', '2026-11-30']);
    expect(firstNonBlackoutDay('2026-11-28', blackout)).toBe('2026-12-01');
    expect(firstNonBlackoutDay('2026-11-27', blackout)).toBe('2026-11-27');
    expect(firstNonBlackoutDay('2026-11-28', new Set())).toBe('2026-11-28');
  });
});

describe('the Peak Day line (issue 31: the charge the date box says is needed, with its amount)', () => {
  it("says the charge's 'from' amount when the configuration gives one, whole dollars rounded up", () => {
    expect(peakDayWords(79)).toBe('GoWild needs a Peak Day Charge (from $79)');
    expect(peakDayWords(59.5)).toBe('GoWild needs a Peak Day Charge (from $60)');
    expect(peakDayWords(null)).toBe('GoWild needs a Peak Day Charge');
  });
});
