import { addDays, todayUtc } from '@gowild/contract/dates';
import { distanceMiles } from '@gowild/contract/distance';
import { GET_HOME_MESSAGES, type GetHomeResponse } from '@gowild/contract/get-home';
import { localToUtcMs } from '@gowild/contract/local-time';
import { SALES_CLOSE_MINUTES } from '@gowild/contract/sales-close';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { findAirport } from '../../../lib/reference-data/airports';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';

/**
 * GET /api/flights/home against the emulated airline (docs/product/get-me-home.md): premium only, the drive radius
 * picks the airports, every option obeys the cut-off and the list runs soonest home first.
 */
let app: FastifyInstance;
let deps: AppDeps;
let premium: Record<string, string>;
// Mid-afternoon in Florida: some of today's flights have left or close within the hour, others are still on sale.
const day = todayUtc(process.env.TEST_NOW ? new Date(process.env.TEST_NOW) : new Date());
const NOW = `${day}T19:20:00.000Z`;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ env: { TEST_NOW: NOW } }));
  premium = (await signInAs(app, deps, 'premium')).headers;
}, 90_000);
afterAll(async () => {
  await app.close();
});

const home = (query: string, headers = premium) => app.inject({ method: 'GET', url: `/api/flights/home?${query}`, headers });
const at = (local: string, code: string) => localToUtcMs(local, findAirport(code)!.timezone);

describe('GET /api/flights/home', () => {
  it('is for premium users: visitors 401, free users 403 with the premium text, before the query is read', async () => {
    expect((await home('', {})).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const res = await home('from=MCO&home=DEN', free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: GET_HOME_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
  });

  it('refuses what cannot be searched with 400 and the reason', async () => {
    const cases: [string, string][] = [
      ['from=MCO', GET_HOME_MESSAGES.homeRequired],
      ['home=DEN', GET_HOME_MESSAGES.fromRequired],
      ['from=ZZZ&home=DEN', 'Unknown airport code: ZZZ'],
      ['from=MCO&home=CITY:NOPE', 'Unknown city: CITY:NOPE'],
      ['from=MCO&home=DEN&radius=999', GET_HOME_MESSAGES.radiusInvalid],
      ['from=MCO&home=DEN&radius=2.5', GET_HOME_MESSAGES.radiusInvalid],
      ['lat=95&lng=0&home=DEN', GET_HOME_MESSAGES.locationInvalid],
      // The middle of the Atlantic: nothing within the drive.
      ['lat=30&lng=-40&home=DEN&radius=100', GET_HOME_MESSAGES.noAirportsNearby],
      ['from=DEN&home=DEN&radius=0', GET_HOME_MESSAGES.alreadyHome],
    ];
    for (const [q, message] of cases) {
      const res = await home(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().error, q).toBe(message);
    }
  });

  it('leaves from the airports within the drive, nearest first, from a location too', async () => {
    const alone = (await home('from=MCO&home=DEN&radius=0')).json() as GetHomeResponse;
    expect(alone.search_parameters.nearby).toEqual([{ code: 'MCO', miles: 0 }]);
    const wide = (await home('from=MCO&home=DEN&radius=100')).json() as GetHomeResponse;
    const codes = wide.search_parameters.nearby.map((a) => a.code);
    expect(codes[0]).toBe('MCO');
    expect(codes).toContain('TPA');
    expect(codes).not.toContain('SRQ'); // 104 miles
    const miles = wide.search_parameters.nearby.map((a) => a.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(Math.max(...miles)).toBeLessThanOrEqual(100);
    // Standing in Lakeland (between Orlando and Tampa) with the browser's location.
    const lakeland = { lat: 28.04, lng: -81.95 };
    const located = (await home(`lat=${lakeland.lat}&lng=${lakeland.lng}&home=DEN&radius=60`)).json() as GetHomeResponse;
    expect(located.search_parameters.from).toBeNull();
    for (const a of located.search_parameters.nearby) {
      expect(a.miles).toBe(Math.round(distanceMiles(lakeland, findAirport(a.code)!)));
      expect(a.miles).toBeLessThanOrEqual(60);
    }
    expect(located.search_parameters.nearby.map((a) => a.code)).toEqual(expect.arrayContaining(['MCO', 'TPA']));
  });

  it('answers soonest home first, today and tomorrow, nothing inside the sales close, each option from a nearby airport', async () => {
    const res = await home('from=MCO&home=DEN&radius=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as GetHomeResponse;
    expect(body.options.length).toBeGreaterThan(0);
    const now = new Date(NOW).getTime();
    const nearby = new Map(body.search_parameters.nearby.map((a) => [a.code, a.miles]));
    const arrivals = body.options.map((o) => Date.parse(o.arrival_utc));
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    for (const o of body.options) {
      expect(nearby.get(o.from)).toBe(o.drive_miles);
      expect(at(o.flights[0]!.departure_time, o.from) - now).toBeGreaterThan(SALES_CLOSE_MINUTES * 60_000);
      expect(o.flights.at(-1)!.destination).toBe('DEN');
      expect(Date.parse(o.arrival_utc)).toBe(at(o.arrival_time, 'DEN'));
      if (o.kind === 'self_transfer') expect(o.flights).toHaveLength(2);
      expect(body.search_parameters.dates).toContain(o.departure_time.slice(0, 10));
    }
    expect(body.search_parameters.dates).toEqual([day, addDays(day, 1)]);
    expect(new Set(body.options.map((o) => o.departure_time.slice(0, 10))).size).toBe(2);
  });
});

describe('GET /api/flights/home?format=csv (issue 31)', () => {
  it('exports the ways home through the same CSV writer: an Option column, one row per flight, soonest home first', async () => {
    const json = (await home('from=MCO&home=DEN&radius=100')).json() as GetHomeResponse;
    const res = await home('from=MCO&home=DEN&radius=100&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gowild-home-DEN-${day}-to-${addDays(day, 1)}.csv"`);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'Option,Origin,Destination,Destination city,Date,Departs (local),Arrives (local),Stops,Duration (minutes),Flight,Fare type,Price (USD),GoWild (USD),Standard (USD),Discount Den (USD),Seats,Booking link',
    );
    // The same ways home as the JSON answer, in its order, each flight of an option on a row of its own.
    const expected = json.options.flatMap((o, i) => o.flights.map((f) => `${i + 1},${f.origin},${f.destination},`));
    expect(rows.map((r) => r.split(',').slice(0, 3).join(',') + ',')).toEqual(expected);
  });
});
