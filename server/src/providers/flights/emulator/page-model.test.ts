import { addDays } from '@gowild/contract/dates';
import { localToUtcMs } from '@gowild/contract/local-time';
import { describe, expect, it } from 'vitest';
import { seedNetwork } from './network';
import { FEW_SEATS, type PageFlight } from './page-flight';
import { realFlightData } from './page-model';
import type { PageSearch } from './pages';
import { createSchedule } from './schedule';
import { durationText } from './wire-text';

const network = seedNetwork();
const schedule = createSchedule({ network, bucketMinutes: 30 });
// 06:00 in Denver on Apr 1.
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';
const pageOf = (search: PageSearch, now = NOW) => realFlightData({ schedule, network }, search, now);
const flightsOf = (origin: string, destination: string, date: string, now = NOW) =>
  pageOf({ origin, destination, date }, now).journeys[0]?.flights ?? [];
const zone = (code: string) => network.airport(code)!.timezone;
const minutes = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 60 + Number(hhmmss.slice(3, 5));
const denRoutes = network.routes().filter((r) => r.origin === 'DEN');

const ROOT_KEYS = [
  'calendarLink',
  'journeys',
  'calendarSections',
  'isRoundTripFaresEnabled',
  'isChangeFlight',
  'isRoundTrip',
  'returnOnly',
  'departAmount',
  'returnAmount',
  'fareTypeBy',
  'lowestStandardAmount',
  'lowestDDAmount',
  'lowestGWAmount',
  'lowestMiles',
  'isCodeShareFlight',
  'isSessionNull',
  'isGoWildOutOfRange',
  'hasActiveDDSubscription',
  'originOne',
  'destinationOne',
  'departureDateOne',
  'departureDateTwo',
];
const JOURNEY_KEYS = [
  'isReturnTrip',
  'ribbon',
  'flights',
  'departureStation',
  'arrivalStation',
  'departureStationFormatted',
  'arrivalStationFormatted',
  'cityPairTitle',
  'prevArrow',
  'nextArrow',
  'isMilesBooking',
  'isInternational',
];
const LEG_KEYS = [
  'departureStation',
  'arrivalStation',
  'departureDate',
  'arrivalDate',
  'departureDateUtc',
  'arrivalDateUtc',
  'isNextDayArrival',
  'duration',
  'durationFormatted',
  'flightNumber',
  'carrierCode',
  'carrierText',
  'departureDateFormatted',
  'arrivalDateFormatted',
  'flightTime',
];
/** The flight keys the airline is known to write (the others of the 56 are ours). */
const KNOWN_FLIGHT_KEYS = [
  'goWildFare',
  'isGoWildFareEnabled',
  'goWildFareSeatsRemaining',
  'standardFare',
  'standardFareSeatsRemaining',
  'discountDenFare',
  'discountDenFareSeatsRemaining',
  'milesFare',
  'milesFareFareSeatsRemaining',
  'stopCount',
  'stopsText',
  'stops',
  'duration',
  'isNextDayArrival',
  'hasSixPlusLayover',
  'goWildFareKey',
  'standardFareKey',
  'discountDenFareKey',
  'otpData',
  'legs',
];

describe("the real page's FlightData", () => {
  it('has the root, journey, flight (56 keys) and leg fields of the captured page', () => {
    const page = pageOf({ origin: 'DEN', destination: 'LAS', date: TOMORROW });
    expect(Object.keys(page)).toEqual(ROOT_KEYS);
    const journey = page.journeys[0]!;
    expect(Object.keys(journey)).toEqual(JOURNEY_KEYS);
    expect(journey.flights!.length).toBeGreaterThan(1);
    for (const f of [...journey.flights!, ...flightsOf('PDX', 'MCO', TOMORROW)]) {
      expect(Object.keys(f)).toHaveLength(56);
      expect(Object.keys(f)).toEqual(expect.arrayContaining(KNOWN_FLIGHT_KEYS));
      for (const leg of f.legs) expect(Object.keys(leg)).toEqual(LEG_KEYS);
    }
    expect(page).toMatchObject({
      fareTypeBy: 'DD',
      isRoundTrip: false,
      originOne: 'DEN',
      destinationOne: 'LAS',
      departureDateOne: '2026-04-02 00:00:00',
      departureDateTwo: '0001-01-01 00:00:00',
    });
    expect(journey).toMatchObject({
      isReturnTrip: false,
      departureStation: 'DEN',
      arrivalStation: 'LAS',
      departureStationFormatted: 'Denver, CO (DEN)',
      cityPairTitle: 'Denver, CO (DEN) to Las Vegas, NV (LAS)',
      isInternational: false,
    });
  });

  it('writes each leg in local time without a zone and in UTC, with its length three ways', () => {
    for (const f of [...flightsOf('DEN', 'LAS', TOMORROW), ...flightsOf('PDX', 'MCO', TOMORROW)])
      for (const leg of f.legs) {
        expect(leg.departureDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
        expect(Date.parse(leg.departureDateUtc)).toBe(localToUtcMs(leg.departureDate, zone(leg.departureStation)));
        expect(Date.parse(leg.arrivalDateUtc)).toBe(localToUtcMs(leg.arrivalDate, zone(leg.arrivalStation)));
        expect(leg.arrivalDateUtc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
        const length = (Date.parse(leg.arrivalDateUtc) - Date.parse(leg.departureDateUtc)) / 60_000;
        expect(minutes(leg.duration)).toBe(length);
        expect(leg.durationFormatted).toBe(durationText(length));
        expect(typeof leg.flightNumber).toBe('number');
        expect(leg.carrierCode).toBe('F9');
        expect(leg.isNextDayArrival).toBe(leg.arrivalDate.slice(0, 10) > leg.departureDate.slice(0, 10));
      }
  });

  it('lists the layover at each connection, and says "Nonstop" when there is none', () => {
    const connections = [...flightsOf('PDX', 'MCO', TOMORROW), ...flightsOf('BDL', 'LAS', TOMORROW)].filter((f) => f.stopCount > 0);
    expect(connections.length).toBeGreaterThan(1);
    for (const f of connections) {
      const [first, second] = f.legs;
      const layover = (Date.parse(second!.departureDateUtc) - Date.parse(first!.arrivalDateUtc)) / 60_000;
      expect(f.stops).toEqual([
        { station: second!.departureStation, duration: expect.any(String), durationFormatted: durationText(layover) },
      ]);
      expect(minutes(f.stops[0]!.duration)).toBe(layover);
      expect(f.stopsText).toBe(`1 Stop ${second!.departureStation}`);
      expect(f.hasSixPlusLayover).toBe(layover >= 360);
      expect(f.duration).toBe(durationText((Date.parse(second!.arrivalDateUtc) - Date.parse(first!.departureDateUtc)) / 60_000));
    }
    for (const f of flightsOf('DEN', 'LAS', TOMORROW).filter((x) => x.stopCount === 0))
      expect([f.stops, f.stopsText, f.hasSixPlusLayover]).toEqual([[], 'Nonstop', false]);
  });

  it('writes a trip of a day or more as "1 day(s) …"', () => {
    expect(durationText(13 * 60 + 22)).toBe('13 hrs 22 min');
    expect(durationText(24 * 60 + 88)).toBe('1 day(s) 1 hrs 28 min');
    expect(durationText(2 * 1440 + 5)).toBe('2 day(s) 0 hrs 5 min');
  });

  it('writes a fare key with a fare-basis code for each fare it sells, and -1 with no key for a GoWild fare it does not', () => {
    const flights = denRoutes.flatMap((r) => flightsOf('DEN', r.destination, TOMORROW));
    const sellKey = /F9~\d+~ ~~[A-Z]{3}~\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}~[A-Z]{3}~\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}~~/;
    let goWild = 0;
    for (const f of flights) {
      if (f.goWildFare > 0) {
        goWild++;
        const stops = `0${f.stopCount}`;
        expect(f.goWildFareKey).toMatch(new RegExp(`^0~GW~X~F9~GW${stops}P[A-Z]+~WILC~~0~1~~X\\|${sellKey.source}`));
        expect(f.goWildFareKey).toContain(`F9~${f.legs[0]!.flightNumber}~ ~~${f.legs[0]!.departureStation}~`);
      } else {
        expect([f.goWildFare, f.goWildFareKey, f.goWildFareSeatsRemaining]).toEqual([-1, null, null]);
      }
      expect(f.standardFareKey).toMatch(/^0~R~X~F9~R\d{2}P[XC]S\d~ECON~~0~1~~X\|/);
      expect(f.discountDenFareKey).toMatch(/^0~DD~X~F9~D\d{2}P[XC]S\d~CLUB~~0~1~~X\|/);
    }
    expect(goWild).toBeGreaterThan(10);
    // Enabled with no fare happens too: a GoWild fare needs both.
    expect(flights.some((f) => f.isGoWildFareEnabled && f.goWildFare === -1)).toBe(true);
  });

  it(`writes seat counts only when ${FEW_SEATS} or fewer are left, as text, and null otherwise`, () => {
    const today = network.routes().flatMap((r) => flightsOf(r.origin, r.destination, '2026-04-01'));
    const counts = (f: PageFlight) => [f.goWildFareSeatsRemaining, f.standardFareSeatsRemaining, f.discountDenFareSeatsRemaining];
    const shown = today.filter((f) => counts(f).some((c) => c !== null));
    // Sparse, as on the real page: a handful of nearly full flights on the day, none a month out.
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(today.length / 20);
    for (const f of today) {
      for (const c of counts(f)) if (c !== null) expect(c).toMatch(new RegExp(`^[1-${FEW_SEATS}] Seats? Left!$`));
      expect(f.discountDenFareSeatsRemaining).toBe(f.standardFareSeatsRemaining);
      if (f.goWildFareSeatsRemaining !== null) expect(f.goWildFare).toBeGreaterThan(0);
    }
    const later = denRoutes.flatMap((r) => flightsOf('DEN', r.destination, '2026-05-01'));
    expect(later.flatMap(counts).every((c) => c === null)).toBe(true);
  });

  it('carries on-time figures per leg as a JSON array serialised into a string', () => {
    for (const f of flightsOf('PDX', 'MCO', TOMORROW)) {
      expect(typeof f.otpData).toBe('string');
      const rows = JSON.parse(f.otpData) as { flightNumber: string; departureStation: string; months: unknown[] }[];
      expect(rows.map((r) => [r.flightNumber, r.departureStation])).toEqual(
        f.legs.map((l) => [String(l.flightNumber), l.departureStation]),
      );
      expect(rows.every((r) => r.months.length === 6)).toBe(true);
    }
  });

  it("gives the page's lowest fare of each kind, and 0 when none is sold", () => {
    const page = pageOf({ origin: 'DEN', destination: 'LAS', date: TOMORROW });
    const flights = page.journeys[0]!.flights!;
    const min = (xs: number[]) => Math.min(...xs.filter((x) => x > 0));
    expect(page.lowestDDAmount).toBe(min(flights.map((f) => f.discountDenFare)));
    expect(page.lowestStandardAmount).toBe(min(flights.map((f) => f.standardFare)));
    expect(page.lowestGWAmount).toBe(min(flights.filter((f) => f.isGoWildFareEnabled).map((f) => f.goWildFare)));
    expect(page.lowestMiles).toBe(0);
    const past = pageOf({ origin: 'DEN', destination: 'LAS', date: '2026-03-30' });
    expect(past.journeys[0]!.flights).toBeNull();
    expect([past.lowestDDAmount, past.lowestStandardAmount, past.lowestGWAmount]).toEqual([0, 0, 0]);
  });

  it('says a date past every GoWild horizon is out of range', () => {
    expect(pageOf({ origin: 'DEN', destination: 'LAS', date: TOMORROW }).isGoWildOutOfRange).toBe(false);
    expect(pageOf({ origin: 'DEN', destination: 'LAS', date: addDays(TOMORROW, 40) }).isGoWildOutOfRange).toBe(true);
  });
});

describe('the ribbon', () => {
  it('shows seven days around the date, each the lowest Discount Den fare a search of that day shows; past days disabled', () => {
    const page = pageOf({ origin: 'DEN', destination: 'LAS', date: TOMORROW });
    const days = page.journeys[0]!.ribbon.displayDates;
    expect(days.map((d) => d.dateKey)).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
    ]);
    expect(days.map((d) => d.isSelected)).toEqual([false, false, false, true, false, false, false]);
    for (const day of days) {
      const flights = pageOf({ origin: 'DEN', destination: 'LAS', date: day.dateKey }).journeys[0]!.flights;
      const lowest = flights ? Math.min(...flights.map((f) => f.discountDenFare).filter((f) => f > 0)) : null;
      expect([day.isDisabled, day.fare]).toEqual([flights === null, lowest]);
      expect(day.date).toBe(`${day.dateKey}T00:00:00`);
      expect(day.key).toBe(`s=true&o1=DEN&d1=LAS&dd1=${day.dateKey}&dd2=0001-01-01&mon=true&adt=1`);
    }
    expect(days.slice(0, 2).map((d) => [d.isDisabled, d.fare])).toEqual([
      [true, null],
      [true, null],
    ]);
    expect(days[3]!.fare).toBe(page.lowestDDAmount);
    expect(days.map((d) => d.formattedDate)).toEqual(['Mon 3/30', 'Tue 3/31', 'Wed 4/1', 'Thu 4/2', 'Fri 4/3', 'Sat 4/4', 'Sun 4/5']);
  });

  it('disables the days a thin route does not fly, as searches of those days find nothing', () => {
    const days = pageOf({ origin: 'CLE', destination: 'MYR', date: '2026-04-10' }).journeys[0]!.ribbon.displayDates;
    expect(days.some((d) => d.isDisabled) && days.some((d) => !d.isDisabled)).toBe(true);
    for (const d of days) expect(d.isDisabled).toBe(flightsOf('CLE', 'MYR', d.dateKey).length === 0);
  });

  it('follows the minute a flight stops selling within a time bucket, as the search does', () => {
    // A route whose cheapest flight today is its first to leave, closing (60 minutes before departure) mid-bucket.
    const bucket = 30 * 60_000;
    const found = denRoutes
      .map((r) => {
        const flights = flightsOf('DEN', r.destination, '2026-04-01');
        const closes = Date.parse(flights[0]?.legs[0]?.departureDateUtc ?? '') - 60 * 60_000;
        return { destination: r.destination, flights, closes };
      })
      .find(
        ({ flights, closes }) =>
          flights.length > 1 &&
          flights.every((f, i) => i === 0 || f.discountDenFare > flights[0]!.discountDenFare) &&
          Math.floor((closes - 60_000) / bucket) === Math.floor((closes + 60_000) / bucket),
      );
    expect(found).toBeDefined();
    const { destination, flights, closes } = found!;
    const ribbonDay = (at: number) =>
      pageOf({ origin: 'DEN', destination, date: TOMORROW }, new Date(at)).journeys[0]!.ribbon.displayDates[2]!;
    expect(ribbonDay(closes - 60_000)).toMatchObject({ dateKey: '2026-04-01', fare: flights[0]!.discountDenFare });
    const after = flightsOf('DEN', destination, '2026-04-01', new Date(closes + 60_000));
    expect(after).toHaveLength(flights.length - 1);
    expect(ribbonDay(closes + 60_000).fare).toBe(Math.min(...after.map((f) => f.discountDenFare)));
  });

  it('on a round trip, moves the return date in the return ribbon and says so in the page model', () => {
    const page = pageOf({ origin: 'DEN', destination: 'LAS', date: TOMORROW, returnDate: '2026-04-06' });
    expect(page).toMatchObject({ isRoundTrip: true, departureDateTwo: '2026-04-06 00:00:00' });
    const [out, back] = page.journeys;
    expect(out!.ribbon.displayDates[0]!.key).toBe('s=true&o1=DEN&d1=LAS&dd1=2026-03-30&dd2=2026-04-06&mon=true&adt=1&r=true');
    expect(back).toMatchObject({ isReturnTrip: true, departureStation: 'LAS', arrivalStation: 'DEN' });
    expect(back!.ribbon.displayDates[6]!.key).toBe('s=true&o1=DEN&d1=LAS&dd1=2026-04-02&dd2=2026-04-09&mon=true&adt=1&r=true');
    const returnDay = back!.ribbon.displayDates[3]!;
    expect(returnDay.fare).toBe(Math.min(...back!.flights!.map((f) => f.discountDenFare).filter((f) => f > 0)));
  });
});
