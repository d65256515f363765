import { describe, expect, it } from 'vitest';
import { formatDayLong, formatDayShort, formatDayTime, formatOpensAt, fromEpochSeconds } from './date-labels';

describe('date labels', () => {
  const instant = '2026-12-01T18:00:00Z';

  it("writes 'Month d, yyyy' and 'Mon d, yyyy' in the zone asked for", () => {
    expect(formatDayLong(instant, 'UTC')).toBe('December 1, 2026');
    expect(formatDayShort(instant, 'UTC')).toBe('Dec 1, 2026');
    // Six in the evening UTC is already the next day in Tokyo.
    expect(formatDayLong(instant, 'Asia/Tokyo')).toBe('December 2, 2026');
  });

  it('takes ISO text, epoch milliseconds, epoch seconds and dates alike', () => {
    const ms = Date.parse(instant);
    expect(formatDayLong(ms, 'UTC')).toBe('December 1, 2026');
    expect(formatDayLong(new Date(ms), 'UTC')).toBe('December 1, 2026');
    expect(formatDayShort(fromEpochSeconds(ms / 1000), 'UTC')).toBe('Dec 1, 2026');
  });

  it("uses the reader's zone when none is given", () => {
    const local = new Date(2026, 6, 15, 12);
    expect(formatDayLong(local)).toBe('July 15, 2026');
    expect(formatDayShort(local)).toBe('Jul 15, 2026');
  });

  it('answers null for something that is not an instant', () => {
    expect(formatDayLong('never')).toBeNull();
    expect(formatDayShort(Number.NaN)).toBeNull();
  });

  it("writes 'Mon d, h:mm AM' on the clock of the zone asked for", () => {
    expect(formatDayTime('2026-11-27T15:04:00Z', { timeZone: 'UTC' })).toBe('Nov 27, 3:04 PM');
    // Denver is seven hours behind UTC in November; Tokyo is already on the next day.
    expect(formatDayTime('2026-11-27T15:04:00Z', { timeZone: 'America/Denver' })).toBe('Nov 27, 8:04 AM');
    expect(formatDayTime('2026-11-27T15:04:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Nov 28, 12:04 AM');
    expect(formatDayTime(Date.parse('2026-07-14T06:00:00Z'), { timeZone: 'America/Denver' })).toBe('Jul 14, 12:00 AM');
  });

  it('adds the year, and the weekday before it, when asked', () => {
    const at = new Date('2026-07-14T06:00:00Z');
    expect(formatDayTime(at, { timeZone: 'America/Denver', year: true })).toBe('Jul 14, 2026, 12:00 AM');
    expect(formatDayTime(at, { timeZone: 'America/Denver', year: true, weekday: true })).toBe('Tue, Jul 14, 2026, 12:00 AM');
    expect(formatDayTime(at, { timeZone: 'UTC', year: true, weekday: true })).toBe('Tue, Jul 14, 2026, 6:00 AM');
  });

  it("uses the reader's clock when no zone is given, and answers null for something that is not an instant", () => {
    expect(formatDayTime(new Date(2026, 10, 27, 15, 4))).toBe('Nov 27, 3:04 PM');
    expect(formatDayTime(new Date(2026, 10, 27, 9, 41), { year: true })).toBe('Nov 27, 2026, 9:41 AM');
    expect(formatDayTime('never')).toBeNull();
    expect(formatDayTime(Number.NaN, { timeZone: 'UTC' })).toBeNull();
  });

  it('throws for a zone Intl does not know', () => {
    expect(() => formatDayTime(0, { timeZone: 'Not/A_Zone' })).toThrow(RangeError);
  });
});

describe('formatOpensAt', () => {
  // Midnight in Denver on Thursday Nov 26 2026 is 07:00 UTC.
  const opens = new Date('2026-11-26T07:00:00Z');

  it("writes when a window opens on the zone's clock, named by its generic short name", () => {
    expect(formatOpensAt(opens, 'America/Denver')).toBe('12:00 AM MT, Thu Nov 26');
    expect(formatOpensAt(opens, 'America/New_York')).toBe('2:00 AM ET, Thu Nov 26');
  });

  it('writes it in UTC when no zone is given, and throws for a zone Intl does not know', () => {
    expect(formatOpensAt(opens)).toBe('7:00 AM UTC, Thu Nov 26');
    expect(() => formatOpensAt(opens, 'Not/AZone')).toThrow(RangeError);
  });
});
