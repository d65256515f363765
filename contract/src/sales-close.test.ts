import { describe, expect, it } from 'vitest';
import { isStillOnSale, salesCloseMs } from './sales-close';

describe('sales close an hour before departure, on the departure airport clock', () => {
  it('is on sale 61 minutes before and not 59 minutes before, nor at exactly 60', () => {
    // 08:00 in Denver on 2026-04-02 is 14:00 UTC (MDT, UTC-6).
    const at = (iso: string) => isStillOnSale('2026-04-02T08:00:00', 'America/Denver', new Date(iso));
    expect(salesCloseMs('2026-04-02T08:00:00', 'America/Denver')).toBe(Date.parse('2026-04-02T13:00:00Z'));
    expect(at('2026-04-02T12:59:00Z')).toBe(true);
    expect(at('2026-04-02T13:00:00Z')).toBe(false);
    expect(at('2026-04-02T13:01:00Z')).toBe(false);
  });

  it('reads the local time in the airport zone, not in UTC nor in another airport zone', () => {
    // 08:00 in San Juan (UTC-4) is 12:00 UTC; the same wall time in Los Angeles (PDT) is 15:00 UTC.
    const now = new Date('2026-04-02T11:30:00Z');
    expect(isStillOnSale('2026-04-02T08:00:00', 'America/Puerto_Rico', now)).toBe(false);
    expect(isStillOnSale('2026-04-02T08:00:00', 'America/Los_Angeles', now)).toBe(true);
  });
});
