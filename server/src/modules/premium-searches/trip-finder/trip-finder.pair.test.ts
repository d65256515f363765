import { goWildRouteKind } from '@gowild/contract/gowild-window';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { TripPair } from '@gowild/contract/trip-finder';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../../lib/reference-data/airports';
import { testFlight } from '../../../test/alerts';
import { type PairContext, comparePairs, pairOf, pairTrips, rankDestinations, returnOpensAt } from './trip-finder.pair';

/** Denver and Las Vegas on their own clocks, "now" 06:00 in Denver on 2026-04-01. */
const NOW = new Date('2026-04-01T12:00:00Z');
const tz = (code: string) => findAirport(code)?.timezone;
const ctx: PairContext = {
  now: NOW,
  instant: (local, code) => localToUtcMs(local, tz(code)!),
  timeZoneOf: tz,
  kindOf: (o, d) => goWildRouteKind(findAirport(o)?.countryCode, findAirport(d)?.countryCode),
};
const out = (date: string, goWild: number | null, times: { departs?: string; arrives?: string; number?: string } = {}) =>
  testFlight(
    { origin: 'DEN', destination: 'LAS', date },
    { go_wild: goWild, standard: 99 },
    { departs: '08:00', arrives: '09:30', ...times },
  );
const back = (date: string, goWild: number | null, times: { departs?: string; arrives?: string; number?: string } = {}) =>
  testFlight(
    { origin: 'LAS', destination: 'DEN', date },
    { go_wild: goWild, standard: 99 },
    { departs: '18:00', arrives: '21:00', ...times },
  );

describe('pairOf: the stay rule', () => {
  const nights = { dayTrip: false, minNights: 2, maxNights: 3 } as const;

  it('counts nights from the arrival date to the return date at the destination, within min and max', () => {
    expect(pairOf(out('2026-04-02', 20), back('2026-04-03', 25), nights, ctx)).toBeNull(); // 1 night
    expect(pairOf(out('2026-04-02', 20), back('2026-04-04', 25), nights, ctx)?.nights).toBe(2);
    expect(pairOf(out('2026-04-02', 20), back('2026-04-05', 25), nights, ctx)?.nights).toBe(3);
    expect(pairOf(out('2026-04-02', 20), back('2026-04-06', 25), nights, ctx)).toBeNull(); // 4 nights
  });

  it('needs a GoWild way out and a way back to the airport it left from', () => {
    expect(pairOf(out('2026-04-02', null), back('2026-04-04', 25), nights, ctx)).toBeNull();
    const elsewhere = testFlight({ origin: 'LAS', destination: 'MCO', date: '2026-04-04' }, { go_wild: 25 });
    expect(pairOf(out('2026-04-02', 20), elsewhere, nights, ctx)).toBeNull();
  });

  it('adds up both GoWild fares and says the stay in minutes', () => {
    const p = pairOf(out('2026-04-02', 20.5), back('2026-04-04', 25.25), nights, ctx)!;
    expect(p).toMatchObject({ outbound_price: 20.5, return_price: 25.25, total_price: 45.75, nights: 2 });
    // Landed 09:30 on the 2nd, leaves 18:00 on the 4th, both Las Vegas time.
    expect(p.stay_minutes).toBe(2 * 24 * 60 + 8 * 60 + 30);
  });

  it('day trip: back the same day with at least H hours there, on the destination clock', () => {
    const day = { dayTrip: true, minHours: 8 } as const;
    // Lands 09:30, leaves 18:00: 8 h 30 min in Las Vegas.
    expect(pairOf(out('2026-04-02', 20), back('2026-04-02', 25), day, ctx)).toMatchObject({ nights: null, stay_minutes: 510 });
    expect(pairOf(out('2026-04-02', 20), back('2026-04-02', 25), { dayTrip: true, minHours: 9 }, ctx)).toBeNull();
    // Back the next day is not a day trip.
    expect(pairOf(out('2026-04-02', 20), back('2026-04-03', 25), day, ctx)).toBeNull();
    // A return that leaves before the outbound lands is no trip.
    expect(pairOf(out('2026-04-02', 20), back('2026-04-02', 25, { departs: '07:00', arrives: '10:00' }), day, ctx)).toBeNull();
    // A return landing home after midnight is not back the same day.
    const lateBack = { ...back('2026-04-02', 25, { departs: '21:30' }), arrival_time: '2026-04-03T00:30:00' };
    expect(pairOf(out('2026-04-02', 20), lateBack, day, ctx)).toBeNull();
    expect(pairOf(out('2026-04-02', 20), { ...lateBack, arrival_time: '2026-04-02T23:59:00' }, day, ctx)).not.toBeNull();
  });
});

describe('the return window', () => {
  const nights = { dayTrip: false, minNights: 2, maxNights: 4 } as const;

  it('opens at midnight at the return airport the day before it leaves (domestic), and says whether it has', () => {
    const p = pairOf(out('2026-04-02', 20), back('2026-04-05', 25), nights, ctx)!;
    // Midnight of the 4th in Las Vegas (PDT, UTC-7).
    expect(p.return_opens_at).toBe('2026-04-04T07:00:00.000Z');
    expect(p.return_open).toBe(false);
    const later = pairOf(out('2026-04-02', 20), back('2026-04-05', 25), nights, { ...ctx, now: new Date('2026-04-04T07:00:00Z') })!;
    expect(later.return_open).toBe(true);
  });

  it('keeps a scheduled return whose window has not opened, with no return fare yet; drops one open without GoWild', () => {
    const pending = pairOf(out('2026-04-02', 20), back('2026-04-05', null), nights, ctx)!;
    expect(pending).toMatchObject({ return_price: null, total_price: null, return_open: false });
    const open = pairOf(out('2026-04-02', 20), back('2026-04-05', null), nights, { ...ctx, now: new Date('2026-04-04T08:00:00Z') });
    expect(open).toBeNull();
  });

  it('is counted 10 days ahead on an international return', () => {
    const cun = testFlight({ origin: 'CUN', destination: 'DEN', date: '2026-04-20' }, { go_wild: 30 }, { departs: '12:00' });
    // Cancún has no daylight saving time (UTC-5): midnight of the 10th.
    expect(returnOpensAt(cun, ctx).toISOString()).toBe('2026-04-10T05:00:00.000Z');
  });
});

describe('ranking', () => {
  const rule = { dayTrip: false, minNights: 1, maxNights: 5 } as const;
  const p = (o: string, b: string, op: number, bp: number | null, outTimes = {}) =>
    pairOf(out(o, op, outTimes), back(b, bp), rule, ctx) as TripPair;

  it('puts both fares known first, then the lowest total, then the longest stay, then the earliest departure', () => {
    const pending = p('2026-04-02', '2026-04-06', 10, null);
    const cheap = p('2026-04-02', '2026-04-04', 20, 20);
    const cheapLonger = p('2026-04-02', '2026-04-05', 20, 20);
    const dear = p('2026-04-02', '2026-04-03', 30, 30);
    const cheapLaterSameStay = p('2026-04-03', '2026-04-06', 20, 20);
    const sorted = [pending, dear, cheap, cheapLaterSameStay, cheapLonger].sort(comparePairs);
    expect(sorted).toEqual([cheapLonger, cheapLaterSameStay, cheap, dear, pending]);
  });

  it('groups pairs per destination, best first, at most three each, destinations by their best pair', () => {
    const outs = [out('2026-04-02', 20), out('2026-04-03', 15, { number: '77' })];
    const backs = ['2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06'].map((d) => back(d, 20));
    const mco = testFlight({ origin: 'DEN', destination: 'MCO', date: '2026-04-02' }, { go_wild: 5 });
    const mcoBack = testFlight(
      { origin: 'MCO', destination: 'DEN', date: '2026-04-04' },
      { go_wild: 5 },
      { departs: '18:00', arrives: '20:00' },
    );
    const pairs = pairTrips([...outs, mco], [...backs, mcoBack], rule, ctx);
    const ranked = rankDestinations(pairs);
    expect(ranked.map((d) => d.destination)).toEqual(['MCO', 'LAS']);
    const las = ranked[1]!;
    expect(las.pairs).toHaveLength(3);
    expect(las.pairs_found).toBe(7);
    expect(las.pairs.every((x) => x.outbound_price === 15)).toBe(true);
    expect(las.pairs.map((x) => x.nights)).toEqual([3, 2, 1]);
    expect(las.origins).toEqual(['DEN']);
  });
});
