import { describe, expect, it } from 'vitest';
import { classifyGoWildFare, domesticTaxesUsd, goWildPriceLines } from './gowild-fare';

const DENVER = 'America/Denver';
const nonstop = [{ departure_time: '2026-12-10T09:00:00', arrival_time: '2026-12-10T11:00:00', timeZone: DENVER }];
const none = () => false;

describe('GoWild fare types (decision 176)', () => {
  it('is standard inside the window and Early Booking before it, to the minute', () => {
    const at = (iso: string) => classifyGoWildFare({ now: new Date(iso), kind: 'domestic', segments: nonstop, isBlackout: none });
    expect(at('2026-12-09T06:59:00Z')).toBe('early_booking');
    expect(at('2026-12-09T07:00:00Z')).toBe('standard');
  });

  it('is Peak Day on a blackout date, before and inside the window', () => {
    const blackout = (d: string) => d === '2026-12-10';
    for (const now of ['2026-11-30T12:00:00Z', '2026-12-09T12:00:00Z'])
      expect(classifyGoWildFare({ now: new Date(now), kind: 'domestic', segments: nonstop, isBlackout: blackout })).toBe('peak_day');
  });

  it('is Peak Day when only a later segment leaves on a blackout date', () => {
    const trip = [
      { departure_time: '2026-12-09T22:00:00', timeZone: DENVER },
      { departure_time: '2026-12-10T06:00:00', timeZone: 'America/Los_Angeles' },
    ];
    expect(
      classifyGoWildFare({
        now: new Date('2026-12-09T20:00:00Z'),
        kind: 'domestic',
        segments: trip,
        isBlackout: (d) => d === '2026-12-10',
      }),
    ).toBe('peak_day');
  });
});

describe('what a GoWild price is made of', () => {
  it('adds up to the receipts: $15.41 nonstop, $25.21 with a short connection, $30.81 with a long one', () => {
    expect(domesticTaxesUsd(nonstop) + 0.01).toBeCloseTo(15.41, 2);
    const connect = (layover: string) => [
      { departure_time: '2026-12-10T06:00:00', arrival_time: '2026-12-10T08:00:00' },
      { departure_time: `2026-12-10T${layover}:00`, arrival_time: '2026-12-10T23:00:00' },
    ];
    expect(domesticTaxesUsd(connect('11:00')) + 0.01).toBeCloseTo(25.21, 2);
    expect(domesticTaxesUsd(connect('12:30')) + 0.01).toBeCloseTo(30.81, 2);
  });

  it('shows the standard fare as $0.01 plus taxes and fees', () => {
    expect(goWildPriceLines({ total: 15.41, fareType: 'standard', kind: 'domestic', segments: nonstop })).toEqual([
      { label: 'GoWild fare', usd: 0.01 },
      { label: 'Taxes and fees', usd: 15.4 },
    ]);
  });

  it('splits a domestic charge out of the total', () => {
    expect(goWildPriceLines({ total: 74.41, fareType: 'early_booking', kind: 'domestic', segments: nonstop })).toEqual([
      { label: 'GoWild fare', usd: 0.01 },
      { label: 'Taxes and fees', usd: 15.4 },
      { label: 'Early Booking Charge', usd: 59 },
    ]);
    expect(goWildPriceLines({ total: 94.41, fareType: 'peak_day', kind: 'domestic', segments: nonstop }).at(-1)).toEqual({
      label: 'Peak Day Charge',
      usd: 79,
    });
  });

  it('shows international taxes and the charge as lines of their own, as bounds from the lowest charge', () => {
    // International taxes vary by country and direction: the charge is at least the pass year's lowest ($79 a Peak
    // Day flight by the figures), so the taxes are at most what is left.
    expect(goWildPriceLines({ total: 180.5, fareType: 'peak_day', kind: 'international', segments: nonstop })).toEqual([
      { label: 'GoWild fare', usd: 0.01 },
      { label: 'Taxes and fees', usd: 101.49, bound: 'at-most' },
      { label: 'Peak Day Charge', usd: 79, bound: 'at-least' },
    ]);
    // The server's configured lowest charge, when given, wins over the figures.
    expect(
      goWildPriceLines({ total: 120, fareType: 'early_booking', kind: 'international', segments: nonstop, chargeFromUsd: 49 }).slice(1),
    ).toEqual([
      { label: 'Taxes and fees', usd: 70.99, bound: 'at-most' },
      { label: 'Early Booking Charge', usd: 49, bound: 'at-least' },
    ]);
  });

  it('keeps one line only when the total is below the lowest charge (the split would be wrong)', () => {
    expect(goWildPriceLines({ total: 50, fareType: 'peak_day', kind: 'international', segments: nonstop })).toEqual([
      { label: 'GoWild fare', usd: 0.01 },
      { label: 'Taxes, fees and Peak Day Charge', usd: 49.99 },
    ]);
  });
});
