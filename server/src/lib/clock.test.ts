import { describe, expect, it } from 'vitest';
import { clockFromConfig, startedClock, systemClock } from './clock';

describe('startedClock', () => {
  it('starts at the pinned instant and runs at real speed', () => {
    let real = 1_000_000;
    const clock = startedClock(new Date('2026-11-30T23:30:00Z'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-30T23:30:00.000Z');
    real += 90 * 60_000;
    expect(clock.now().toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });

  it('is the system clock unless TEST_NOW is set', () => {
    expect(clockFromConfig({})).toBe(systemClock);
    const pinned = clockFromConfig({ TEST_NOW: '2026-11-23T04:30:00Z' });
    expect(Math.abs(pinned.now().getTime() - Date.parse('2026-11-23T04:30:00Z'))).toBeLessThan(5_000);
  });
});
