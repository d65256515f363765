import { addDays } from '@gowild/contract/dates';
import { describe, expect, it } from 'vitest';
import { localToUtcMs } from '@gowild/contract/local-time';
import { manualClock } from '../../../lib/clock';
import { type EmulatorNetwork, seedNetwork } from './network';
import { type WireFlight, blockMinutes, createSchedule } from './schedule';

const network = seedNetwork();
const schedule = createSchedule({ network, bucketMinutes: 30 });
// 06:00 in Denver: early enough that tomorrow's flights are all still on sale.
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';
const flightsOf = (o: string, d: string, date: string, now = NOW, s = schedule) =>
  s.flightData(o, d, date, now).results.journeys[0]?.flights ?? null;
const goWildOffered = (f: WireFlight) => f.isGoWildFareEnabled && (f.goWildFare ?? -1) > 0;
const denRoutes = network.routes().filter((r) => r.origin === 'DEN');
const airport = (c: string) => network.airport(c)!;

describe('emulated schedule', () => {
  it('gives the same answer within a time bucket and drifts across buckets', () => {
    const a = schedule.flightData('DEN', 'LAS', TOMORROW, NOW);
    expect(schedule.flightData('DEN', 'LAS', TOMORROW, new Date(NOW.getTime() + 20 * 60_000))).toEqual(a);
    const later = Array.from({ length: 8 }, (_, i) =>
      schedule.flightData('DEN', 'LAS', TOMORROW, new Date(NOW.getTime() + (i + 1) * 30 * 60_000)),
    );
    expect(later.some((b) => JSON.stringify(b) !== JSON.stringify(a))).toBe(true);
    // Drift changes fares and seats, not the timetable.
    const times = (d: typeof a) => d.results.journeys[0]?.flights?.map((f) => f.legs.map((l) => l.departureDate).join()) ?? [];
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

  it('opens domestic GoWild seats only from the day before departure', () => {
    const offered = (date: string, now = NOW) =>
      denRoutes
        .filter((r) => network.isDomesticRoute('DEN', r.destination))
        .flatMap((r) => flightsOf('DEN', r.destination, date, now) ?? [])
        .filter(goWildOffered).length;
    expect(offered(TOMORROW)).toBeGreaterThan(0);
    expect(offered(addDays(TOMORROW, 1))).toBe(0);
    expect(offered(addDays(TOMORROW, 5))).toBe(0);
  });

  it('opens international GoWild seats up to 10 days before departure', () => {
    const international = network
      .routes()
      .filter((r) => !network.isDomesticRoute(r.origin, r.destination))
      .slice(0, 30);
    const offered = (days: number) =>
      international.flatMap((r) => flightsOf(r.origin, r.destination, addDays('2026-04-01', days)) ?? []).filter(goWildOffered).length;
    expect(offered(9)).toBeGreaterThan(0);
    expect(offered(12)).toBe(0);
  });

  it('opens GoWild seats at midnight US Eastern, not on the origin airport calendar nor the UTC one (decision 062)', () => {
    // San Juan is on Atlantic time (UTC-4 all year): at 23:30 EST on Dec 2 it is already 00:30 on Dec 3 there.
    const clock = manualClock(new Date('2026-12-03T04:30:00Z'));
    const fromSju = network.routes().filter((r) => r.origin === 'SJU' && network.isDomesticRoute('SJU', r.destination));
    expect(fromSju.length).toBeGreaterThan(3);
    const offered = (origin: string, routes: { destination: string }[], date: string) =>
      routes.flatMap((r) => flightsOf(origin, r.destination, date, clock.now()) ?? []).filter(goWildOffered).length;
    expect(offered('SJU', fromSju, '2026-12-04')).toBe(0);
    clock.advance(30 * 60_000); // midnight US Eastern
    expect(offered('SJU', fromSju, '2026-12-04')).toBeGreaterThan(0);

    // 00:30 UTC is 19:30 EST the day before: the UTC date has moved on, the window has not.
    clock.set(new Date('2026-12-03T00:30:00Z'));
    expect(
      offered(
        'DEN',
        denRoutes.filter((r) => network.isDomesticRoute('DEN', r.destination)),
        '2026-12-04',
      ),
    ).toBe(0);
    // Los Angeles at 21:30 PST on Dec 2 is past midnight Eastern (00:30 EST Dec 3): open there too.
    clock.set(new Date('2026-12-03T05:30:00Z'));
    const fromLax = network.routes().filter((r) => r.origin === 'LAX' && network.isDomesticRoute('LAX', r.destination));
    expect(offered('LAX', fromLax, '2026-12-04')).toBeGreaterThan(0);
  });

  it('never offers GoWild on a blackout date', () => {
    const blackout: EmulatorNetwork = { ...network, isBlackout: (d) => d === TOMORROW };
    const s = createSchedule({ network: blackout, bucketMinutes: 30 });
    const all = denRoutes.flatMap((r) => flightsOf('DEN', r.destination, TOMORROW, NOW, s) ?? []);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter(goWildOffered)).toEqual([]);
  });

  it('has fewer seats left and higher fares as departure nears', () => {
    const sample = (date: string) => denRoutes.flatMap((r) => flightsOf('DEN', r.destination, date) ?? []);
    const near = sample(TOMORROW);
    const far = sample(addDays(TOMORROW, 60));
    const fewLeft = (fs: WireFlight[]) => fs.filter((f) => f.standardFareSeatsRemaining !== null).length / fs.length;
    const meanFare = (fs: WireFlight[]) => fs.reduce((s, f) => s + Math.max(0, f.standardFare), 0) / fs.length;
    expect(fewLeft(near)).toBeGreaterThan(fewLeft(far));
    expect(meanFare(near)).toBeGreaterThan(meanFare(far) * 1.3);
  });

  it('has no flights for past dates and none that already left today', () => {
    expect(flightsOf('DEN', 'LAS', '2026-03-31')).toBeNull();
    const lateToday = new Date('2026-04-02T03:00:00Z'); // 21:00 on Apr 1 in Denver
    for (const f of flightsOf('DEN', 'LAS', '2026-04-01', lateToday) ?? [])
      expect(f.legs[0]!.departureDate > '2026-04-01T21:45').toBe(true);
  });
});
