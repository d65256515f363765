import { describe, expect, it } from 'vitest';
import { formatDayLong, formatDayShort, fromEpochSeconds } from './date-labels';

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
});
