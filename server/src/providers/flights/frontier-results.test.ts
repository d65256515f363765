import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flightSchema } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../lib/reference-data/airports';
import {
  REAL_PAGE_RIBBON,
  REAL_PAGE_SEARCH,
  encodeAsTheSiteDoes,
  pageAround,
  realFlightData,
  realPage,
} from './frontier-real-page.fixture';
import { decodeHtmlEntities, extractFlightData } from './frontier-page';
import { type ReadContext, readResultsPage } from './frontier-results';

// Read as the tool that captured the real page did: 30 days before the flight.
const ctx: ReadContext = {
  bookingBaseUrl: 'https://booking.flyfrontier.com',
  dateFormat: 'MMM DD, YYYY',
  timeZoneOf: (c) => findAirport(c)?.timezone,
  goWildKind: { countryOf: (c) => findAirport(c)?.countryCode, isBlackout: () => false },
  now: new Date('2025-06-15T14:00:00Z'),
};
const answer = (body: string) => ({ status: 200, body, retryAfter: null });

function read(body: string, query = REAL_PAGE_SEARCH, context = ctx) {
  const result = readResultsPage(answer(body), { ...query }, context);
  if (result.kind !== 'flights') throw new Error(`expected flights, got ${JSON.stringify(result)}`);
  return result;
}

describe('the results page as the site really serves it', () => {
  it('is kept as a file too, for the operator commands and their tests (select-real-jfk-atl.html)', () => {
    const file = fileURLToPath(new URL('../../test/fixtures/frontier/select-real-jfk-atl.html', import.meta.url));
    expect(readFileSync(file, 'utf8')).toBe(realPage());
  });

  it('reads every one of its eight flights, where undoing the JavaScript escapes first read none', () => {
    const page = realPage();
    // The bug this guards against: each otpData string's quotes are written \&quot; in the literal; a browser's
    // reading of the literal then the entities leaves bare quotes inside a JSON string.
    expect(page.match(/\\&quot;/g)?.length).toBeGreaterThan(100);
    const literal = /FlightData = '([^']*)'/.exec(page)?.[1] ?? '';
    expect(() => JSON.parse(decodeHtmlEntities(literal.replace(/\\(.)/g, '$1')))).toThrow();

    const result = read(page);
    expect(result.flights).toHaveLength(8);
    expect(result.malformed).toBeUndefined();
    for (const f of result.flights) expect(flightSchema.safeParse(f).success).toBe(true);
    expect(result.flights.filter((f) => f.fares.go_wild !== null)).toHaveLength(6);
  });

  it('keeps a string field holding JSON a string', () => {
    const extracted = extractFlightData(realPage());
    if (!extracted.ok) throw new Error(extracted.detail);
    const flight = (extracted.json as { journeys: { flights: { otpData: unknown }[] }[] }).journeys[0]!.flights[0]!;
    expect(typeof flight.otpData).toBe('string');
    expect(JSON.parse(flight.otpData as string)[0]).toMatchObject({
      flightNumber: '1291',
      note: 'Based on the "last 30 days" of operations',
    });
  });

  it('reads fares, fare types, seats said and unsaid, and the booking link', () => {
    const [first, , , , fifth] = read(realPage()).flights;
    expect(first).toMatchObject({
      origin: 'JFK',
      destination: 'ATL',
      departure_time: '2025-07-15T06:20:00',
      arrival_time: '2025-07-15T08:55:00',
      stops: 0,
      flight_number: 'F9 1291',
      // 30 days ahead: the GoWild price is an Early Booking one, and the page says no seat count (unknown, not 0).
      fares: {
        go_wild: { total: 48.69, available_seats: null, fare_type: 'early_booking' },
        standard: { total: 129.98, available_seats: null },
        discount_den: { total: 88.98, available_seats: null },
      },
      lowest_go_wild_price: 48.69,
      lowest_price: 48.69,
    });
    // "3 Seats Left!" on the one flight that says it.
    expect(fifth?.fares.standard?.available_seats).toBe(3);
    expect(fifth?.fares.discount_den?.available_seats).toBe(3);
    expect(fifth?.fares.go_wild?.available_seats).toBeNull();
    expect(new URL(first?.booking_links.go_wild ?? '').searchParams.get('dd1')).toBe('Jul 15, 2025');
  });

  it('reads durations from the UTC legs, a connection past a day included, and every segment', () => {
    const flights = read(realPage()).flights;
    const viaLas = flights.find((f) => f.flight_number === 'F9 3237 / F9 2110');
    expect(viaLas).toMatchObject({ duration: 13 * 60 + 22, total_trip_time: '13:22', stops: 1 });
    expect(viaLas?.segments.map((s) => [s.departure_airport, s.arrival_airport, s.departure_time, s.arrival_time])).toEqual([
      ['JFK', 'LAS', '2025-07-15T06:59:00', '2025-07-15T09:36:00'],
      ['LAS', 'ATL', '2025-07-15T12:58:00', '2025-07-15T20:21:00'],
    ]);
    const overnight = flights.find((f) => f.flight_number === 'F9 1811 / F9 1432');
    expect(overnight).toMatchObject({ duration: 25 * 60 + 28, total_trip_time: '1.01:28', arrival_time: '2025-07-16T18:33:00' });
    expect(overnight?.fares.go_wild?.total).toBe(54.29);
  });

  it('reads the duration text past a day when the page gives no UTC times and the zones are unknown', () => {
    const data = realFlightData();
    for (const f of data.journeys[0]!.flights) {
      for (const l of f.legs) Object.assign(l, { departureDateUtc: null, arrivalDateUtc: 'not a time' });
    }
    const flights = read(pageAround(encodeAsTheSiteDoes(data)), REAL_PAGE_SEARCH, { ...ctx, timeZoneOf: () => undefined }).flights;
    expect(flights.find((f) => f.flight_number === 'F9 1811 / F9 1432')?.duration).toBe(25 * 60 + 28);
    expect(flights.find((f) => f.flight_number === 'F9 3237 / F9 2110')?.duration).toBe(13 * 60 + 22);
  });

  it('keeps the ribbon: the lowest fare of the route on each of seven days', () => {
    expect(read(realPage()).ribbon).toEqual([{ origin: 'JFK', destination: 'ATL', days: REAL_PAGE_RIBBON }]);
  });

  it('leaves out ribbon days greyed out or without a fare, and keeps the ribbon of a day with no flights', () => {
    const data = realFlightData();
    const journey = data.journeys[0]!;
    const days = journey.ribbon.displayDates as { isDisabled: boolean; fare: number | null }[];
    days[0]!.isDisabled = true;
    days[1]!.fare = 0;
    days[2]!.fare = null;
    Object.assign(journey, { flights: null });
    const result = read(pageAround(encodeAsTheSiteDoes(data)));
    expect(result.flights).toEqual([]);
    expect(result.ribbon?.[0]?.days.map((d) => d.date)).toEqual(['2025-07-15', '2025-07-16', '2025-07-17', '2025-07-18']);
  });

  it('reads a page whose model names another search as stale, never as no flights', () => {
    const data = { ...realFlightData(), originOne: 'JFK', destinationOne: 'ATL', departureDateOne: '2025-07-14 00:00:00' };
    const result = readResultsPage(answer(pageAround(encodeAsTheSiteDoes(data))), { ...REAL_PAGE_SEARCH }, ctx);
    expect(result).toEqual({ kind: 'page-changed', detail: 'stale page: it answers JFK-ATL on 2025-07-14, not JFK-ATL on 2025-07-15' });
    const same = { ...data, departureDateOne: '2025-07-15 00:00:00' };
    expect(read(pageAround(encodeAsTheSiteDoes(same))).flights).toHaveLength(8);
  });

  it('reads the literal with or without var, and with JavaScript-only escapes in it', () => {
    const literal = encodeAsTheSiteDoes(realFlightData()).replace('New York, NY', "New York\\'s JFK \\x26 more");
    const withVar = pageAround(literal).replace('FlightData = ', 'var FlightData = ');
    const result = read(withVar);
    expect(result.flights).toHaveLength(8);
  });
});
