import { describe, expect, it } from 'vitest';
import { createWindowAlertSchema, windowAlertStatus, windowOpenTitle } from './window-alerts';

const base = { is_active: true, is_completed: false, found_price: null, found_seats: null, window_result: null } as const;

describe('window-open alerts (docs/product/alerts.md#tell-me-when-gowild-opens)', () => {
  it('has one status line for each state', () => {
    expect(windowAlertStatus(base)).toBe('Waiting');
    expect(windowAlertStatus({ ...base, is_active: false })).toBe('Inactive');
    expect(windowAlertStatus({ ...base, is_completed: true, window_result: 'gowild', found_price: 29, found_seats: 1 })).toBe(
      'GoWild: $29.00 (1 seat)',
    );
    expect(windowAlertStatus({ ...base, is_completed: true, window_result: 'gowild', found_price: 29 })).toBe('GoWild: $29.00');
    expect(windowAlertStatus({ ...base, is_completed: true, window_result: 'not_offered' })).toBe('GoWild not offered');
    expect(windowAlertStatus({ ...base, is_completed: true })).toBe('Date Passed');
  });

  it('titles the message with the route, the date, and the price and seats or that GoWild is not offered', () => {
    expect(windowOpenTitle('DEN', 'MCO', '2026-07-17', { price: 19.5, seats: 3 })).toBe(
      'GoWild is open: DEN → MCO on Fri, Jul 17, 2026 from $19.50, 3 seats',
    );
    expect(windowOpenTitle('DEN', 'MCO', '2026-07-17', { price: 19.5, seats: null })).toBe(
      'GoWild is open: DEN → MCO on Fri, Jul 17, 2026 from $19.50',
    );
    expect(windowOpenTitle('DEN', 'MCO', '2026-07-17', null)).toBe('GoWild not offered: DEN → MCO on Fri, Jul 17, 2026');
  });

  it('reads the request: codes upper-cased, a real date, two different airports', () => {
    expect(createWindowAlertSchema.parse({ origin_airport: ' den', destination_airport: 'mco', travel_date: '2026-07-17' })).toEqual({
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_date: '2026-07-17',
      channels: ['email'],
    });
    expect(
      createWindowAlertSchema.safeParse({ origin_airport: 'DEN', destination_airport: 'DEN', travel_date: '2026-07-17' }).success,
    ).toBe(false);
    expect(
      createWindowAlertSchema.safeParse({ origin_airport: 'DEN', destination_airport: 'MCO', travel_date: '2026-02-30' }).success,
    ).toBe(false);
  });
});
