import { describe, expect, it } from 'vitest';
import { goWildOpensAt, goWildOpensOn, isGoWildWindowOpen } from './gowild-window';

describe('GoWild booking window (decision 062)', () => {
  it('opens domestic seats the day before departure and international ones 10 days before', () => {
    expect(goWildOpensOn('domestic', '2026-04-03')).toBe('2026-04-02');
    expect(goWildOpensOn('international', '2026-04-11')).toBe('2026-04-01');
    expect(goWildOpensOn('domestic', '2026-03-01')).toBe('2026-02-28');
  });

  it('opens at midnight US Eastern, daylight saving or not', () => {
    expect(goWildOpensAt('domestic', '2026-04-03').toISOString()).toBe('2026-04-02T04:00:00.000Z');
    expect(goWildOpensAt('domestic', '2026-12-04').toISOString()).toBe('2026-12-03T05:00:00.000Z');
  });

  it('is still shut at 23:30 US Eastern the evening before it opens, and open half an hour later', () => {
    // 23:30 EST on Dec 2 is already Dec 3 in UTC and in San Juan (UTC-4): neither date counts.
    expect(isGoWildWindowOpen(new Date('2026-12-03T04:30:00Z'), 'domestic', '2026-12-04')).toBe(false);
    expect(isGoWildWindowOpen(new Date('2026-12-03T05:00:00Z'), 'domestic', '2026-12-04')).toBe(true);
    expect(isGoWildWindowOpen(new Date('2026-04-02T03:30:00Z'), 'domestic', '2026-04-03')).toBe(false);
    expect(isGoWildWindowOpen(new Date('2026-04-02T04:00:00Z'), 'domestic', '2026-04-03')).toBe(true);
  });

  it('is shut at 00:30 UTC, when the UTC date has moved on but the Eastern one has not', () => {
    expect(isGoWildWindowOpen(new Date('2026-12-03T00:30:00Z'), 'domestic', '2026-12-04')).toBe(false);
    expect(isGoWildWindowOpen(new Date('2026-12-03T00:30:00Z'), 'international', '2026-12-13')).toBe(false);
    expect(isGoWildWindowOpen(new Date('2026-12-03T00:30:00Z'), 'international', '2026-12-12')).toBe(true);
  });

  it('stays open through the travel day (the flight sales close ends it)', () => {
    expect(isGoWildWindowOpen(new Date('2026-04-03T15:00:00Z'), 'domestic', '2026-04-03')).toBe(true);
    expect(isGoWildWindowOpen(new Date('2026-04-04T03:59:00Z'), 'domestic', '2026-04-03')).toBe(true);
  });
});
