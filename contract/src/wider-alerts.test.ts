import { describe, expect, it } from 'vitest';
import {
  WIDER_ALERT_TEXTS,
  chainRoute,
  createChainAlertSchema,
  createOriginWideAlertSchema,
  dateRange,
  datesText,
  widerAlertStatus,
} from './wider-alerts';

describe('the wider alerts', () => {
  it('a range is every date from the first to the last; one date alone is a range of one', () => {
    expect(dateRange('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(dateRange('2026-12-30', '2026-12-30')).toEqual(['2026-12-30']);
    expect(datesText(['2026-12-30'])).toBe('Wed, Dec 30, 2026');
    expect(datesText(['2026-12-30', '2026-12-31'])).toBe('Wed, Dec 30, 2026 to Thu, Dec 31, 2026');
  });

  it('a range is at most 7 days and never backwards', () => {
    const ok = createOriginWideAlertSchema.safeParse({ origin_airport: 'den', travel_date: '2026-12-01', travel_date_to: '2026-12-07' });
    expect(ok.success && ok.data).toMatchObject({ origin_airport: 'DEN', channels: ['email'] });
    const long = createOriginWideAlertSchema.safeParse({ origin_airport: 'DEN', travel_date: '2026-12-01', travel_date_to: '2026-12-08' });
    expect(long.error?.issues[0]?.message).toBe(WIDER_ALERT_TEXTS.rangeTooLong);
    const back = createOriginWideAlertSchema.safeParse({ origin_airport: 'DEN', travel_date: '2026-12-02', travel_date_to: '2026-12-01' });
    expect(back.error?.issues[0]?.message).toBe(WIDER_ALERT_TEXTS.rangeOrder);
  });

  it('a chain is 2 or 3 flights, each from where the one before lands', () => {
    const leg = (o: string, d: string) => ({ origin_airport: o, destination_airport: d, travel_date: '2026-12-01', flight_number: '1' });
    expect(createChainAlertSchema.safeParse({ legs: [leg('DEN', 'ATL'), leg('ATL', 'MCO')] }).success).toBe(true);
    expect(createChainAlertSchema.safeParse({ legs: [leg('DEN', 'ATL'), leg('LAS', 'MCO')] }).error?.issues[0]?.message).toBe(
      WIDER_ALERT_TEXTS.chainJoined,
    );
    expect(
      chainRoute([
        { origin: 'DEN', destination: 'ATL' },
        { origin: 'ATL', destination: 'MCO' },
      ]),
    ).toBe('DEN → ATL → MCO');
  });

  it('says what each kind found on /notifications', () => {
    const base = { is_active: true, is_completed: true, found_price: 19, found_seats: 2, found_destination: 'LAS' };
    expect(widerAlertStatus({ ...base, kind: 'origin_wide' })).toBe('GoWild to LAS: $19.00');
    expect(widerAlertStatus({ ...base, kind: 'seats' })).toBe('2 seats left: $19.00');
    expect(widerAlertStatus({ ...base, kind: 'chain' })).toBe('GoWild on every leg: $19.00');
    expect(widerAlertStatus({ ...base, kind: 'chain', found_price: null })).toBe('Date Passed');
    expect(widerAlertStatus({ ...base, kind: 'seats', is_completed: false })).toBe('Active');
    expect(widerAlertStatus({ ...base, kind: 'price' })).toBeNull();
  });
});
