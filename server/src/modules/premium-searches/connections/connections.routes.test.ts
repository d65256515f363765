import { sql } from 'drizzle-orm';
import { CONNECTION_MESSAGES, type ConnectionsResponse, type Itinerary } from '@gowild/contract/connections';
import { airlineShareMessage } from '@gowild/contract/flights';
import { HUB_MESSAGES } from '@gowild/contract/hub-search';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { findAirport } from '../../../lib/reference-data/airports';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';
import { emulatorNetworkDay, keepNetworkDay, testDates } from './test-network';

/**
 * GET /api/flights/connections over a network day kept in the observations (as a full sweep leaves it), with the
 * emulated airline answering the live checks: every itinerary checked against the rules independently of how the
 * search found it.
 */
let app: FastifyInstance;
let deps: AppDeps;
let premium: Record<string, string>;
const { now, date } = testDates();

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ env: { TEST_NOW: now } }));
  premium = (await signInAs(app, deps, 'premium')).headers;
  await keepNetworkDay(deps.database.db, emulatorNetworkDay(date, new Date(now)));
}, 180_000);
afterAll(async () => {
  await app.close();
});

const connections = async (query: string, headers = premium) =>
  app.inject({ method: 'GET', url: `/api/flights/connections?${query}`, headers });
const at = (local: string, code: string) => localToUtcMs(local, findAirport(code)!.timezone);
const airportsOf = (i: Itinerary) => [
  i.legs[0]!.flight.segments[0]!.departure_airport,
  ...i.legs.flatMap((l) => l.flight.segments.map((s) => s.arrival_airport)),
];

/** The rules of docs/product/connections.md#the-rules, checked on each itinerary. */
function checkRules(body: ConnectionsResponse, o: { minConnection: number; maxLayover: number; origins: string[] }) {
  expect(body.notice).toBe(CONNECTION_MESSAGES.selfTransfer);
  for (const i of body.itineraries) {
    expect(i.legs.length).toBeGreaterThanOrEqual(1);
    expect(i.legs.length).toBeLessThanOrEqual(3);
    expect(o.origins).toContain(i.origin);
    expect(i.legs[0]!.flight.departure_time.slice(0, 10)).toBe(date);
    expect(i.stops).toHaveLength(i.legs.length - 1);
    i.stops.forEach((s, k) => {
      const prev = i.legs[k]!.flight;
      const next = i.legs[k + 1]!.flight;
      expect(prev.destination).toBe(s.airport);
      expect(next.origin).toBe(s.airport);
      const minutes = (at(next.departure_time, s.airport) - at(prev.arrival_time, s.airport)) / 60_000;
      expect(s.minutes).toBe(Math.round(minutes));
      expect(minutes).toBeGreaterThanOrEqual(o.minConnection);
      expect(minutes).toBeLessThanOrEqual(o.maxLayover);
      expect(s.overnight).toBe(next.departure_time.slice(0, 10) > prev.arrival_time.slice(0, 10));
      if (s.overnight) expect(s.overnight_cost?.text).toContain('Early Booking charge ($29 to $99)');
    });
    const airports = airportsOf(i);
    expect(new Set(airports).size, airports.join('>')).toBe(airports.length);
    for (const l of i.legs) {
      expect(l.flight.fares.go_wild).not.toBeNull();
      expect(l.fare_kind).toBe(l.flight.fares.go_wild!.fare_type ?? null);
      // Each flight's own window, at its own departure airports: midnight the day before at the segment opening last.
      const zones = l.flight.segments.map((s) => findAirport(s.departure_airport)!.timezone);
      expect(zones).toContain(l.opens_time_zone);
      if (l.flight.segments.length === 1) expect(l.opens_time_zone).toBe(findAirport(l.flight.origin)!.timezone);
    }
    expect(i.total_price).toBeCloseTo(
      i.legs.reduce((s, l) => s + l.flight.fares.go_wild!.total, 0),
      2,
    );
    expect(i.self_transfer).toBe(true);
  }
}

describe('GET /api/flights/connections', () => {
  it('finds itineraries of up to three GoWild flights to a place with no nonstop, the best one confirmed live', async () => {
    const direct = new Set(deps.reference.destinationsFrom('BOS'));
    const target = ['SAN', 'BOI', 'SMF', 'ONT', 'PSP', 'GEG', 'ABQ'].find((d) => !direct.has(d) && findAirport(d))!;
    const res = await connections(`origin=BOS&destination=${target}&date=${date}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: ConnectionsResponse = res.json();
    expect(body.itineraries.length).toBeGreaterThan(0);
    expect(body.search_parameters).toMatchObject({ origin: 'BOS', max_flights: 3, min_connection_minutes: 90, sort: 'arrival' });
    checkRules(body, { minConnection: 90, maxLayover: 720, origins: ['BOS'] });
    expect(new Set(body.itineraries.map((i) => i.destination))).toEqual(new Set([target]));
    expect(body.itineraries.every((i) => i.legs.length >= 2)).toBe(true);
    // Ranked by earliest arrival.
    const arrivals = body.itineraries.map((i) => at(i.arrival_time, target));
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    // The chosen itinerary's flights were asked live, and only a handful of route-days were.
    expect(body.itineraries[0]!.status).toBe('confirmed');
    expect(body.itineraries[0]!.legs.every((l) => l.confirmed)).toBe(true);
    expect(body.summary.live_checks).toBeGreaterThan(0);
    expect(body.summary.live_checks).toBeLessThanOrEqual(6);
    expect(body.summary.route_days_observed).toBe(body.summary.route_days);
    // One search in the log, of its own kind (the admin's counts tell it from a hub search).
    const logged = (await deps.database.db.execute(
      sql`select search_type from search_logs where destination_airport = ${target} order by created_at desc limit 1`,
    )) as unknown as { rows: { search_type: string }[] };
    expect(logged.rows.map((r) => r.search_type)).toEqual(['connections']);
  });

  it('anywhere: each place reached once, by its best itinerary', async () => {
    const res = await connections(`origin=DEN&destination=ANY&date=${date}&max_flights=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body: ConnectionsResponse = res.json();
    checkRules(body, { minConnection: 90, maxLayover: 720, origins: ['DEN'] });
    const places = body.itineraries.map((i) => i.destination);
    expect(new Set(places).size).toBe(places.length);
    expect(places).not.toContain('DEN');
    expect(places.length).toBeGreaterThan(deps.reference.destinationsFrom('DEN').length);
    expect(body.itineraries.every((i) => i.legs.length <= 2)).toBe(true);
    expect(body.summary.live_checks).toBeLessThanOrEqual(6);
  });

  it('keeps the traveller’s rules and orders: a longer connection, no overnight, hubs, total time, arrive by, each sort', async () => {
    const q = `origin=DEN&destination=MCO&date=${date}`;
    const long: ConnectionsResponse = (await connections(`${q}&min_connection=180&max_layover=300&overnight=false`)).json();
    checkRules(long, { minConnection: 180, maxLayover: 300, origins: ['DEN'] });
    expect(long.itineraries.every((i) => !i.overnight)).toBe(true);
    const via: ConnectionsResponse = (await connections(`${q}&via=ATL&avoid=ORD`)).json();
    expect(via.itineraries.length).toBeGreaterThan(0);
    for (const i of via.itineraries) {
      expect(i.stops.some((s) => s.airport === 'ATL')).toBe(true);
      expect(airportsOf(i)).not.toContain('ORD');
    }
    const fewest: ConnectionsResponse = (await connections(`${q}&sort=flights`)).json();
    const counts = fewest.itineraries.map((i) => i.legs.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const byPrice: ConnectionsResponse = (await connections(`${q}&sort=price&arrive_by=20:00`)).json();
    for (const i of byPrice.itineraries) expect(at(i.arrival_time, 'MCO')).toBeLessThanOrEqual(at(`${date}T20:00:00`, 'MCO'));
    const prices = byPrice.itineraries.map((i) => i.total_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Shortest total time within a maximum total time; most seats first.
    const short: ConnectionsResponse = (await connections(`${q}&sort=duration&max_duration=600`)).json();
    expect(short.itineraries.length).toBeGreaterThan(0);
    const minutes = short.itineraries.map((i) => i.total_minutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(Math.max(...minutes)).toBeLessThanOrEqual(600);
    const seats = ((await connections(`${q}&sort=seats`)).json() as ConnectionsResponse).itineraries.map((i) => i.seats ?? -1);
    expect(seats).toEqual([...seats].sort((a, b) => b - a));
  });

  it('a share link’s itinerary is the one confirmed, and found again by its id', async () => {
    const q = `origin=DEN&destination=MCO&date=${date}`;
    const first: ConnectionsResponse = (await connections(q)).json();
    const chosen = first.itineraries.find((i) => i.status === 'observed' && i.legs.length === 2) ?? first.itineraries.at(-1)!;
    const again: ConnectionsResponse = (await connections(`${q}&pick=${encodeURIComponent(chosen.id)}`)).json();
    const found = again.itineraries.find((i) => i.id === chosen.id);
    expect(found?.status).toBe('confirmed');
  });

  it('refuses bad input with clear messages', async () => {
    const error = async (query: string) => {
      const res = await connections(query);
      expect(res.statusCode, query).toBe(400);
      return res.json().error as string;
    };
    expect(await error(`origin=DEN&date=${date}`)).toBe(CONNECTION_MESSAGES.destinationRequired);
    expect(await error(`origin=DEN&destination=MCO&date=${date}&max_flights=4`)).toBe(CONNECTION_MESSAGES.maxFlightsInvalid);
    expect(await error(`origin=DEN&destination=MCO&date=${date}&min_connection=45`)).toBe(CONNECTION_MESSAGES.minConnectionTooLow(90));
    expect(await error(`origin=DEN&destination=MCO&date=${date}&min_connection=300&max_layover=200`)).toBe(
      CONNECTION_MESSAGES.layoverBelowConnection,
    );
    expect(await error(`origin=DEN&destination=MCO&date=${date}&arrive_by=25:00`)).toBe(CONNECTION_MESSAGES.arriveByInvalid);
    expect(await error(`origin=DEN&destination=MCO&date=${date}&sort=cheapest`)).toBe(CONNECTION_MESSAGES.sortInvalid);
    expect(await error(`origin=DEN&destination=MCO&date=${date}&via=ATLX`)).toBe(CONNECTION_MESSAGES.airportListInvalid);
    expect(await error(`origin=DEN&destination=MCO&date=${date}&via=ATL&avoid=atl`)).toBe(CONNECTION_MESSAGES.hubInBothLists);
    expect(await error(`origin=ZZZ&destination=MCO&date=${date}`)).toBe('Unknown airport code: ZZZ');
    expect(await error(`origin=DEN&destination=den&date=${date}`)).toBe('Origin and destination must be different');
    expect(await error(`origin=DEN&destination=MCO&date=2020-01-01`)).toBe('Departure date cannot be in the past');
  });

  it('is premium only: visitors 401, free users 403 with the hub search’s premium text', async () => {
    expect((await connections(`origin=DEN&destination=MCO&date=${date}`, {})).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const res = await connections(`origin=DEN&destination=MCO&date=${date}`, free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: HUB_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
  });
});

/**
 * The server's own settings, in their own app: a minimum connection of 120 minutes (CONNECTION_MIN_TRANSFER_MINUTES)
 * and an airline share of 2 route-days a minute for premium (decision 117), the rules of the other premium searches.
 */
describe('GET /api/flights/connections: the server’s minimum connection and the airline share', () => {
  let strict: FastifyInstance;
  let headers: Record<string, string>;
  beforeAll(async () => {
    const built = await buildAccountsTestApp({
      env: { TEST_NOW: now, CONNECTION_MIN_TRANSFER_MINUTES: '120', AIRLINE_BUDGET_PREMIUM_PER_MINUTE: '2' },
    });
    strict = built.app;
    headers = (await signInAs(strict, built.deps, 'premium')).headers;
    await keepNetworkDay(built.deps.database.db, emulatorNetworkDay(date, new Date(now)));
  }, 180_000);
  afterAll(async () => {
    await strict.close();
  });
  const search = (query: string) => strict.inject({ method: 'GET', url: `/api/flights/connections?${query}`, headers });

  it('the setting is the default and the floor; the live checks stop at the share, and the next search is refused 429', async () => {
    const low = await search(`origin=DEN&destination=MCO&date=${date}&min_connection=90`);
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toBe(CONNECTION_MESSAGES.minConnectionTooLow(120));

    const res = await search(`origin=DEN&destination=MCO&date=${date}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: ConnectionsResponse = res.json();
    expect(body.search_parameters.min_connection_minutes).toBe(120);
    checkRules(body, { minConnection: 120, maxLayover: 720, origins: ['DEN'] });
    // Two route-days asked of the airline, the rest of the checks refused by the share: those itineraries stay observed.
    expect(body.itineraries.some((i) => i.status === 'observed')).toBe(true);

    const refused = await search(`origin=DEN&destination=ATL&date=${date}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error).toBe(airlineShareMessage(Number(refused.headers['retry-after'])));
  });
});
