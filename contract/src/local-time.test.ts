import { describe, expect, it } from 'vitest';
import { localDate, localToUtcMs, utcToLocalIso } from './local-time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('airport-local times', () => {
  it('turns a local wall-clock time into the instant it stands for, across DST changes', () => {
    expect(iso(localToUtcMs('2026-03-08T01:30:00', 'America/New_York'))).toBe('2026-03-08T06:30:00.000Z');
    expect(iso(localToUtcMs('2026-03-08T03:30:00', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(localToUtcMs('2026-11-01T00:30:00', 'America/New_York'))).toBe('2026-11-01T04:30:00.000Z');
    expect(iso(localToUtcMs('2026-11-01T03:00:00', 'America/New_York'))).toBe('2026-11-01T08:00:00.000Z');
    expect(iso(localToUtcMs('2026-04-03T21:04:00', 'America/Los_Angeles'))).toBe('2026-04-04T04:04:00.000Z');
    expect(iso(localToUtcMs('2026-07-01T05:00', 'America/Phoenix'))).toBe('2026-07-01T12:00:00.000Z');
  });

  it('shows an instant as local wall-clock time, on both sides of a fall-back hour and in half-hour zones', () => {
    expect(utcToLocalIso(Date.parse('2026-11-01T05:59:00Z'), 'America/New_York')).toBe('2026-11-01T01:59:00');
    expect(utcToLocalIso(Date.parse('2026-11-01T06:00:00Z'), 'America/New_York')).toBe('2026-11-01T01:00:00');
    expect(utcToLocalIso(Date.parse('2026-11-01T03:00:00Z'), 'America/St_Johns')).toBe('2026-11-01T00:30:00');
    expect(utcToLocalIso(Date.parse('2026-11-01T12:00:00Z'), 'America/St_Johns')).toBe('2026-11-01T08:30:00');
    expect(utcToLocalIso(Date.parse('2026-01-15T12:00:00Z'), 'Pacific/Honolulu')).toBe('2026-01-15T02:00:00');
  });

  it("gives today's date at a place", () => {
    const now = new Date('2026-04-02T05:30:00Z');
    expect(localDate(now, 'America/Denver')).toBe('2026-04-01');
    expect(localDate(now, 'America/New_York')).toBe('2026-04-02');
  });
});
