import { describe, expect, it } from 'vitest';
import { localToEpochMs } from './local-instant';

const H = 3_600_000;

describe('summary trip instants', () => {
  it('turns airport-local times into instants with the airport time zone', () => {
    // 08:00 in Denver (UTC-6 in April) and 14:00 in New York (UTC-4) are the same instant... plus 2 h.
    const den = localToEpochMs('2026-04-02T08:00:00', 'America/Denver');
    const nyc = localToEpochMs('2026-04-02T14:00:00', 'America/New_York');
    expect(den).toBe(Date.UTC(2026, 3, 2, 14, 0));
    expect(nyc - den).toBe(4 * H);
    // Across the spring-forward night in New York.
    expect(localToEpochMs('2026-03-08T03:30:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
    expect(localToEpochMs('2026-01-05T10:00:00', undefined)).toBe(Date.UTC(2026, 0, 5, 10));
  });
});
