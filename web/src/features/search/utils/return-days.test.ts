import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { RETURN_DAYS_TEXTS, dayFigures, returnDays, windowLine } from './return-days';

describe('returns side by side', () => {
  it('covers the return date and the two days after it', () => {
    expect(returnDays('2026-12-30')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('says whether GoWild is bookable now, opens later (and when) or is blacked out', () => {
    expect(windowLine(null, 'MCO')).toEqual({ open: true, text: 'GoWild bookable now' });
    expect(windowLine({ reason: 'not_open', date: '2026-12-02', kind: 'domestic', opensOn: '2026-12-01' }, 'MCO')).toEqual({
      open: false,
      text: 'GoWild opens Tue, Dec 1, midnight at MCO',
    });
    expect(windowLine({ reason: 'blackout', date: '2026-12-02' }, 'MCO').text).toBe(RETURN_DAYS_TEXTS.blackout);
  });

  it('sums a day up: its flights, and its cheapest GoWild fare else its cheapest fare, never below the price', () => {
    expect(dayFigures([])).toBe('No return flights');
    expect(dayFigures([buildFlight({ goWild: 15.41 }), buildFlight({ goWild: 30 })])).toBe('2 flights · GoWild from $16');
    expect(dayFigures([buildFlight({ goWild: null, standard: 140, den: 119.2 })])).toBe('1 flight · from $120');
    // Before the window opens, GoWild is an Early Booking fare: it says so.
    const early = buildFlight({ goWild: 44.41 });
    early.fares.go_wild = { total: 44.41, available_seats: null, fare_type: 'early_booking' };
    expect(dayFigures([early])).toBe('1 flight · GoWild Early Booking from $45');
  });
});
