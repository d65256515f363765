import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flightSchema } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { findAirport } from '../../lib/reference-data/airports';
import {
  type FrontierPageOutcome,
  classifyFrontierResponse,
  decodeHtmlEntities,
  extractFlightData,
  parseRetryAfter,
} from './frontier-page';
import { type MapContext, formatTripTime, mapFrontierFlight, parseSeats } from './frontier-flight';
import { selectPage } from './emulator/pages';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/frontier');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const NOW = new Date('2026-04-01T12:00:00Z');
const ctx: MapContext = {
  date: '2026-04-02',
  bookingBaseUrl: 'https://booking.flyfrontier.com',
  dateFormat: 'YYYY-MM-DD',
  timeZoneOf: (c) => findAirport(c)?.timezone,
};

function flightsOf(outcome: FrontierPageOutcome, date = ctx.date) {
  if (outcome.kind !== 'flights') throw new Error(`expected flights, got ${JSON.stringify(outcome)}`);
  return outcome.flights.map((f) => mapFrontierFlight(f, { ...ctx, date }));
}
const page = (name: string) => classifyFrontierResponse(200, fixture(name), null, NOW);

describe('Frontier results page: the three sample payloads in full pages', () => {
  it('reads nonstop GoWild flights, ignoring decoy variables before FlightData', () => {
    const flights = flightsOf(page('select-nonstop.html'));
    expect(flights).toHaveLength(2);
    for (const f of flights) expect(flightSchema.safeParse(f).success).toBe(true);
    const [first] = flights;
    expect(first).toMatchObject({
      origin: 'SFO',
      destination: 'SLC',
      departure_time: '2026-04-02T06:15:00',
      arrival_time: '2026-04-02T08:45:00',
      stops: 0,
      flight_number: 'F9 1234',
      fares: {
        go_wild: { total: 31, available_seats: 5 },
        standard: { total: 109, available_seats: null },
        discount_den: { total: 89, available_seats: null },
      },
      lowest_go_wild_price: 31,
      lowest_price: 31,
    });
    // 06:15 in San Francisco to 08:45 in Salt Lake City is 90 minutes: zones, not the sample's own "2 hrs 30 min".
    expect(first?.duration).toBe(90);
    expect(first?.total_trip_time).toBe('01:30');
    expect(first?.segments).toEqual([
      {
        departure_airport: 'SFO',
        arrival_airport: 'SLC',
        departure_time: '2026-04-02T06:15:00',
        arrival_time: '2026-04-02T08:45:00',
        flight_number: 'F9 1234',
      },
    ]);
    expect(first?.flightHash).toMatch(/^[0-9a-z]{11}$/);
    expect(new Set(flights.map((f) => f.flightHash)).size).toBe(2);
  });

  it('builds booking links to the airline for the route, date and fare', () => {
    const [first] = flightsOf(page('select-nonstop.html'));
    const link = new URL(first?.booking_links.go_wild ?? '');
    expect(link.origin).toBe('https://booking.flyfrontier.com');
    expect(link.pathname).toBe('/Flight/InternalSelect');
    // The request working tools send (decision 239), plus the fare hint.
    expect(link.search).toBe('?o1=SFO&d1=SLC&dd1=2026-04-02&adt=1&mon=true&fare=GoWild');
    expect(new URL(first?.booking_links.standard ?? '').searchParams.get('fare')).toBe('Standard');
    expect(new URL(first?.booking_links.discount_den ?? '').searchParams.get('fare')).toBe('DiscountDen');
  });

  it('offers no GoWild fare when the airline disables it (-1)', () => {
    const [f] = flightsOf(page('select-no-gowild.html'));
    expect(f?.fares.go_wild).toBeNull();
    expect(f?.booking_links.go_wild).toBeNull();
    expect(f?.lowest_go_wild_price).toBeNull();
    expect(f?.lowest_price).toBe(89);
    expect(f?.flight_number).toBe('F9 9999');
  });

  it('reads connecting itineraries with overnight arrivals', () => {
    const [short, long] = flightsOf(page('select-connecting.html'), '2026-04-03');
    expect(short).toMatchObject({
      origin: 'SFO',
      destination: 'SLC',
      stops: 1,
      flight_number: 'F9 2001 / F9 2002',
      departure_time: '2026-04-03T21:04:00',
      arrival_time: '2026-04-04T03:20:00',
      fares: { go_wild: { total: 31, available_seats: 4 } },
    });
    expect(short?.segments.map((s) => `${s.departure_airport}-${s.arrival_airport}`)).toEqual(['SFO-DEN', 'DEN-SLC']);
    // 21:04 PDT (04:04Z) to 03:20 MDT next day (09:20Z).
    expect(short?.duration).toBe(316);
    expect(short?.total_trip_time).toBe('05:16');
    // 19:32 PDT to 11:04 MDT the next morning, overnight in Las Vegas.
    expect(long).toMatchObject({
      flight_number: 'F9 3001 / F9 3002',
      arrival_time: '2026-04-04T11:04:00',
      duration: 872,
      total_trip_time: '14:32',
    });
  });
});

describe('Frontier results page: other shapes', () => {
  it('treats flights: null as no flights', () => {
    expect(page('select-no-flights.html')).toEqual({ kind: 'flights', flights: [], malformed: [], ribbons: [{ days: [] }], pageModel: {} });
  });

  it('accepts the unwrapped journeys form, seat texts, string money and trips over a day', () => {
    const [overnight, noGoWild] = flightsOf(page('select-variants.html'));
    expect(overnight?.fares).toEqual({
      go_wild: { total: 19, available_seats: 2 },
      standard: { total: 129, available_seats: 7 },
      discount_den: { total: 99, available_seats: 1 },
    });
    // 20:00 EDT in Orlando to 20:30 PDT in Las Vegas the next day.
    expect(overnight?.duration).toBe(27 * 60 + 30);
    expect(overnight?.total_trip_time).toBe('1.03:30');
    expect(overnight?.flight_number).toBe('F9 1001 / F9 1002');
    // GoWild "enabled" with a -1 fare is not offered; a missing Discount Den fare is null.
    expect(noGoWild?.fares).toEqual({ go_wild: null, standard: { total: 149, available_seats: null }, discount_den: null });
    expect(noGoWild?.lowest_price).toBe(149);
  });

  it.each([
    ['select-truncated.html', /not terminated/],
    ['select-malformed.html', /not valid JSON/],
    ['select-shape-changed.html', /expected shape/],
    ['select-no-flightdata.html', /no FlightData/],
  ])('reports %s as a changed page, never as no flights', (name, detail) => {
    const outcome = page(name);
    expect(outcome.kind).toBe('page-changed');
    expect(outcome.kind === 'page-changed' && outcome.detail).toMatch(detail);
  });
});

describe('Frontier results page: one malformed flight among good ones (decision 061)', () => {
  const leg = (n: number, dep = '2026-04-02T06:15:00') => ({
    departureStation: 'DEN',
    arrivalStation: 'LAS',
    departureDate: dep,
    arrivalDate: '2026-04-02T07:30:00',
    flightNumber: n,
    carrierCode: 'F9',
  });
  const flight = (n: number, dep?: string) => ({
    isGoWildFareEnabled: true,
    goWildFare: 19,
    standardFare: 99,
    stopCount: 0,
    legs: [leg(n, dep)],
  });
  const read = (flights: unknown[]) =>
    classifyFrontierResponse(
      200,
      selectPage({ results: { journeys: [{ flights }] } }, { origin: 'DEN', destination: 'LAS', date: '2026-04-02' }),
      null,
      NOW,
    );

  it('keeps the flights that read and names the field of the one that did not', () => {
    const outcome = read([flight(101), flight(102, 'TBD'), flight(103)]);
    expect(outcome.kind).toBe('flights');
    if (outcome.kind !== 'flights') return;
    expect(outcome.flights.map((f) => f.legs[0]?.flightNumber)).toEqual([101, 103]);
    expect(outcome.malformed).toEqual([{ field: 'legs.departureDate', detail: 'expected a local date-time' }]);
  });

  it('names a missing field, and a flight that is not an object', () => {
    const { legs: _legs, ...noLegs } = flight(102);
    const outcome = read([flight(101), noLegs, 'oops']);
    expect(outcome.kind === 'flights' && outcome.malformed.map((m) => m.field)).toEqual(['legs', '(flight)']);
  });

  it('reads a page none of whose flights reads as a changed page, never as no flights', () => {
    const outcome = read([flight(101, 'TBD'), flight(102, 'TBD')]);
    expect(outcome.kind).toBe('page-changed');
    expect(outcome.kind === 'page-changed' && outcome.detail).toMatch(/no flight on the page reads \(2; first at legs.departureDate/);
  });
});

describe('blocked and failed answers', () => {
  it('reads PerimeterX and captcha 403s, 406 and 429 as blocks', () => {
    expect(classifyFrontierResponse(403, fixture('blocked-perimeterx.json'), null, NOW)).toEqual({
      kind: 'blocked',
      status: 403,
      reason: 'perimeterx',
    });
    expect(classifyFrontierResponse(403, fixture('blocked-captcha.html'), null, NOW)).toEqual({
      kind: 'blocked',
      status: 403,
      reason: 'captcha',
    });
    expect(classifyFrontierResponse(403, 'Forbidden', null, NOW)).toEqual({ kind: 'blocked', status: 403, reason: 'forbidden' });
    expect(classifyFrontierResponse(200, fixture('blocked-captcha.html'), null, NOW)).toEqual({
      kind: 'blocked',
      status: 200,
      reason: 'captcha',
    });
    expect(classifyFrontierResponse(406, '', null, NOW)).toEqual({ kind: 'blocked', status: 406, reason: 'not-acceptable' });
    expect(classifyFrontierResponse(429, '', '7', NOW)).toEqual({ kind: 'blocked', status: 429, reason: 'throttled', retryAfterMs: 7000 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 Apr 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('separates server errors from other HTTP errors', () => {
    expect(classifyFrontierResponse(503, '<h1>down</h1>', null, NOW)).toEqual({ kind: 'server-error', status: 503 });
    expect(classifyFrontierResponse(404, 'not found', null, NOW)).toEqual({ kind: 'http-error', status: 404 });
  });
});

describe('small readers', () => {
  it('decodes named and numeric entities', () => {
    expect(decodeHtmlEntities('&quot;a&quot;&amp;&#39;b&#x27;&lt;&gt;&unknown;')).toBe(`"a"&'b'<>&unknown;`);
  });
  it('finds FlightData in double quotes and with JS escapes', () => {
    expect(extractFlightData(`<script>window.FlightData = "{\\"journeys\\":[]}";</script>`)).toEqual({ ok: true, json: { journeys: [] } });
  });
  it('reads seat counts from numbers and texts', () => {
    expect(parseSeats('2 Seats Left!')).toBe(2);
    expect(parseSeats('1 Seat Left!')).toBe(1);
    expect(parseSeats(5)).toBe(5);
    expect(parseSeats(null)).toBeNull();
    expect(parseSeats('Seats available')).toBeNull();
  });
  it("formats trip time as 'hh:mm' under a day and 'd.hh:mm' from a day", () => {
    expect(formatTripTime(90)).toBe('01:30');
    expect(formatTripTime(1439)).toBe('23:59');
    expect(formatTripTime(1440)).toBe('1.00:00');
    expect(formatTripTime(3 * 1440 + 65)).toBe('3.01:05');
  });
});
