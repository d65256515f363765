import { addDays } from '@gowild/contract/dates';
import { describe, expect, it } from 'vitest';
import { localToUtcMs } from '@gowild/contract/local-time';
import { manualClock } from '../../../lib/clock';
import { type EmulatorNetwork, seedNetwork } from './network';
import { type GoWildFareType, GOWILD_PRICE_FIGURES, classifyGoWildFare, domesticTaxesUsd } from '@gowild/contract/gowild-fare';
import { EARLY_BOOKING_DAYS, type Offer, type Schedule, blockMinutes, createSchedule } from './schedule';
import { type PageSearch } from './pages';
import type { PageFlight } from './page-flight';
import { realFlightData } from './page-model';

const network = seedNetwork();
const schedule = createSchedule({ network, bucketMinutes: 30 });
// 06:00 in Denver: early enough that tomorrow's flights are all still on sale.
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';
const DEN_LAS = { origin: 'DEN', destination: 'LAS', date: TOMORROW };
/** The FlightData of a results page, as the emulator serves it by default. */
const pageOf = (search: PageSearch, now = NOW, s: Schedule = schedule) => realFlightData({ schedule: s, network }, search, now);
const flightsOf = (o: string, d: string, date: string, now = NOW, s = schedule) =>
  pageOf({ origin: o, destination: d, date }, now, s).journeys[0]?.flights ?? null;
const goWildOffered = (f: PageFlight) => f.isGoWildFareEnabled && f.goWildFare > 0;
const denRoutes = network.routes().filter((r) => r.origin === 'DEN');
const airport = (c: string) => network.airport(c)!;
/** The domestic standard-window GoWild price of a flight: $0.01 plus the receipts' taxes and fees. */
const standardPrice = (f: PageFlight) =>
  GOWILD_PRICE_FIGURES.fareUsd + domesticTaxesUsd(f.legs.map((l) => ({ departure_time: l.departureDate, arrival_time: l.arrivalDate })));
/** The kind the adapter reads a GoWild fare as, by the same rule. */
const kindOf = (f: PageFlight, now: Date): GoWildFareType =>
  classifyGoWildFare({
    now,
    kind: network.isDomesticRoute(f.legs[0]!.departureStation, f.legs.at(-1)!.arrivalStation) ? 'domestic' : 'international',
    segments: f.legs.map((l) => ({ departure_time: l.departureDate, timeZone: airport(l.departureStation).timezone })),
    isBlackout: (d) => network.isBlackout(d),
  });

describe('emulated schedule', () => {
  it('gives the same answer within a time bucket and drifts across buckets', () => {
    const a = pageOf(DEN_LAS, NOW);
    expect(pageOf(DEN_LAS, new Date(NOW.getTime() + 20 * 60_000))).toEqual(a);
    const later = Array.from({ length: 8 }, (_, i) => pageOf(DEN_LAS, new Date(NOW.getTime() + (i + 1) * 30 * 60_000)));
    expect(later.some((b) => JSON.stringify(b) !== JSON.stringify(a))).toBe(true);
    // Drift changes fares and seats, not the timetable.
    const times = (d: typeof a) => d.journeys[0]?.flights?.map((f) => f.legs.map((l) => l.departureDate).join()) ?? [];
    for (const b of later) expect(times(b)).toEqual(times(a));
  });

  it('derives block times from great-circle distance', () => {
    expect(blockMinutes(airport('DEN'), airport('LAS'))).toBeGreaterThanOrEqual(100);
    expect(blockMinutes(airport('DEN'), airport('LAS'))).toBeLessThanOrEqual(140);
    expect(blockMinutes(airport('DEN'), airport('MCO'))).toBeGreaterThan(blockMinutes(airport('DEN'), airport('LAS')) + 60);
    // Westbound is slower than eastbound on the same pair.
    expect(blockMinutes(airport('MCO'), airport('DEN'))).toBeGreaterThan(blockMinutes(airport('DEN'), airport('MCO')));
  });

  it('departs in banks of local daytime hours, with arrival times in the arrival airport zone', () => {
    for (const r of denRoutes.slice(0, 25)) {
      for (const f of flightsOf(r.origin, r.destination, TOMORROW) ?? []) {
        const first = f.legs[0]!;
        const hour = Number(first.departureDate.slice(11, 13));
        expect(hour).toBeGreaterThanOrEqual(6);
        expect(hour).toBeLessThan(23);
        for (const leg of f.legs) {
          const minutes =
            (localToUtcMs(leg.arrivalDate, airport(leg.arrivalStation).timezone) -
              localToUtcMs(leg.departureDate, airport(leg.departureStation).timezone)) /
            60_000;
          expect(minutes).toBe(blockMinutes(airport(leg.departureStation), airport(leg.arrivalStation)));
        }
      }
    }
  });

  it('gives hubs more flights a day than thin routes', () => {
    const count = (o: string, d: string) =>
      [0, 1, 2, 3, 4, 5, 6].reduce((n, i) => n + (flightsOf(o, d, addDays(TOMORROW, i))?.filter((f) => f.stopCount === 0).length ?? 0), 0);
    expect(count('DEN', 'LAS')).toBeGreaterThan(count('BDL', 'MCO') / 2);
    const hubs = schedule.hubs();
    expect(hubs).toEqual(expect.arrayContaining(['DEN', 'MCO', 'LAS', 'ATL', 'PHL']));
  });

  it('connects through hubs where there is no nonstop, with legs that meet', () => {
    expect(network.routes().some((r) => r.origin === 'PDX' && r.destination === 'MCO')).toBe(false);
    const flights = flightsOf('PDX', 'MCO', TOMORROW) ?? [];
    expect(flights.length).toBeGreaterThan(0);
    for (const f of flights) {
      expect(f.stopCount).toBe(1);
      expect(f.stopsText).toBe(`1 Stop ${f.legs[1]!.departureStation}`);
      expect(schedule.hubs()).toContain(f.legs[0]!.arrivalStation);
      const arrive = localToUtcMs(f.legs[0]!.arrivalDate, airport(f.legs[0]!.arrivalStation).timezone);
      const leave = localToUtcMs(f.legs[1]!.departureDate, airport(f.legs[1]!.departureStation).timezone);
      expect(leave - arrive).toBeGreaterThanOrEqual(45 * 60_000);
    }
  });

  it('sells the standard GoWild fare only once the window opens, and Early Booking (with a charge) before it', () => {
    const domestic = denRoutes.filter((r) => network.isDomesticRoute('DEN', r.destination));
    const offered = (date: string) => domestic.flatMap((r) => flightsOf('DEN', r.destination, date) ?? []).filter(goWildOffered);
    // Tomorrow: open since midnight in Denver; every GoWild price is the receipts' $0.01 plus taxes.
    const tomorrow = offered(TOMORROW);
    expect(tomorrow.length).toBeGreaterThan(10);
    for (const f of tomorrow) expect(f.goWildFare).toBeCloseTo(standardPrice(f), 2);
    // Four days out: only Early Booking fares, each with a charge in the configured range on top.
    const early = offered(addDays(TOMORROW, 3));
    expect(early.length).toBeGreaterThan(3);
    for (const f of early) {
      expect(kindOf(f, NOW)).toBe('early_booking');
      const charge = f.goWildFare - standardPrice(f);
      expect(charge).toBeGreaterThanOrEqual(GOWILD_PRICE_FIGURES.earlyBookingChargeUsd.from - 0.005);
      expect(charge).toBeLessThanOrEqual(GOWILD_PRICE_FIGURES.earlyBookingChargeUsd.to + 0.005);
    }
    // Past the promotion's horizon: none at all.
    expect(offered(addDays(TOMORROW, EARLY_BOOKING_DAYS + 5))).toEqual([]);
  });

  it('opens each flight at midnight at its departure airport, to the minute, in winter and in summer time (decision 175)', () => {
    for (const [before, date] of [
      ['2026-12-03T06:59:00Z', '2026-12-04'],
      ['2026-07-09T05:59:00Z', '2026-07-10'],
    ] as const) {
      const clock = manualClock(new Date(before)); // 23:59 in Denver the evening before
      const domestic = denRoutes.filter((r) => network.isDomesticRoute('DEN', r.destination));
      const offered = () => domestic.flatMap((r) => flightsOf('DEN', r.destination, date, clock.now()) ?? []).filter(goWildOffered);
      // The bucket starts at the half hour, so look one bucket on: still shut at 23:30, open at 00:00.
      expect(offered().filter((f) => kindOf(f, clock.now()) === 'standard')).toEqual([]);
      expect(offered().every((f) => f.goWildFare > standardPrice(f) + 1)).toBe(true);
      clock.advance(60_000);
      const open = offered();
      expect(open.filter((f) => f.legs.length === 1 && Math.abs(f.goWildFare - standardPrice(f)) < 0.005).length).toBeGreaterThan(0);
    }
  });

  it('opens international GoWild seats 10 days before departure; Early Booking before that', () => {
    const international = network.routes().filter((r) => !network.isDomesticRoute(r.origin, r.destination));
    const offered = (days: number) =>
      international.flatMap((r) => flightsOf(r.origin, r.destination, addDays('2026-04-01', days)) ?? []).filter(goWildOffered);
    expect(offered(8).filter((f) => kindOf(f, NOW) === 'standard').length).toBeGreaterThan(0);
    const twelve = offered(12);
    expect(twelve.length).toBeGreaterThan(0);
    for (const f of twelve) expect(kindOf(f, NOW)).toBe('early_booking');
  });

  it('offers GoWild on a blackout date only as a Peak Day fare, with a charge per flight', () => {
    const blackout: EmulatorNetwork = { ...network, isBlackout: (d) => d === TOMORROW };
    const s = createSchedule({ network: blackout, bucketMinutes: 30 });
    const all = denRoutes.flatMap((r) => flightsOf('DEN', r.destination, TOMORROW, NOW, s) ?? []);
    expect(all.length).toBeGreaterThan(50);
    const offered = all.filter(goWildOffered).filter((f) => network.isDomesticRoute('DEN', f.legs.at(-1)!.arrivalStation));
    expect(offered.length).toBeGreaterThan(3);
    for (const f of offered) {
      const charge = f.goWildFare - standardPrice(f);
      expect(charge).toBeGreaterThanOrEqual(GOWILD_PRICE_FIGURES.peakDayChargeUsd.from * f.legs.length - 0.005);
      expect(charge).toBeLessThanOrEqual(GOWILD_PRICE_FIGURES.peakDayChargeUsd.to * f.legs.length + 0.005);
    }
  });

  it('has fewer seats left and higher fares as departure nears', () => {
    const sample = (date: string) => denRoutes.flatMap((r) => schedule.offers('DEN', r.destination, date, NOW) ?? []);
    const near = sample(TOMORROW);
    const far = sample(addDays(TOMORROW, 60));
    const mean = (os: Offer[], of: (o: Offer) => number) => os.reduce((s, o) => s + of(o), 0) / os.length;
    expect(mean(near, (o) => o.seatsLeft)).toBeLessThan(mean(far, (o) => o.seatsLeft) * 0.6);
    expect(mean(near, (o) => Math.max(0, o.standardFare))).toBeGreaterThan(mean(far, (o) => Math.max(0, o.standardFare)) * 1.3);
  });

  it('has no flights for past dates and none that already left today', () => {
    expect(flightsOf('DEN', 'LAS', '2026-03-31')).toBeNull();
    const lateToday = new Date('2026-04-02T03:00:00Z'); // 21:00 on Apr 1 in Denver
    for (const f of flightsOf('DEN', 'LAS', '2026-04-01', lateToday) ?? [])
      expect(f.legs[0]!.departureDate > '2026-04-01T22:00').toBe(true);
  });

  it('stops selling a flight 60 minutes before departure, at the minute (not at the bucket start)', () => {
    const first = flightsOf('DEN', 'LAS', TOMORROW)![0]!;
    const leaves = localToUtcMs(first.legs[0]!.departureDate, airport('DEN').timezone);
    const sold = (minutesBefore: number) =>
      (flightsOf('DEN', 'LAS', TOMORROW, new Date(leaves - minutesBefore * 60_000)) ?? []).some(
        (f) => f.legs[0]!.departureDate === first.legs[0]!.departureDate,
      );
    expect(sold(61)).toBe(true);
    expect(sold(59)).toBe(false);
  });

  it('answers the round-trip form with a second journey: the return on its own date', () => {
    const journeys = pageOf({ ...DEN_LAS, returnDate: addDays(TOMORROW, 3) }).journeys;
    expect(journeys).toHaveLength(2);
    expect(journeys[0]?.flights).toEqual(pageOf(DEN_LAS).journeys[0]?.flights);
    const back = journeys[1]!.flights!;
    expect(back.length).toBeGreaterThan(0);
    for (const f of back) {
      expect([f.legs[0]!.departureStation, f.legs.at(-1)!.arrivalStation]).toEqual(['LAS', 'DEN']);
      expect(f.legs[0]!.departureDate.slice(0, 10)).toBe(addDays(TOMORROW, 3));
    }
  });
});
