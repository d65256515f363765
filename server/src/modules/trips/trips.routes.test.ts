import { addDays, todayUtc } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { flightPrice } from '@gowild/contract/flight-format';
import { computeFlightHash } from '@gowild/contract/flight-hash';
import { TRIP_MESSAGES, legOf, refOf } from '@gowild/contract/trips';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * GET /api/trips/summary (decision 101): a hash-style summary address resolves for a premium user in a browser that
 * never saw the flights, by reading them again through the flight gateway.
 */
let app: FastifyInstance;
let deps: AppDeps;
let premium: Record<string, string>;
const today = () => todayUtc(deps.clock.now());

/** The first flight of a premium single-route search (the emulator's day, deterministic). */
async function firstFlight(origin: string, destination: string, date: string): Promise<Flight> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/flights/single?origin=${origin}&destination=${destination}&date=${date}`,
    headers: premium,
  });
  expect(res.statusCode, res.body).toBe(200);
  const flights = (res.json().flights as Record<string, Flight[]>)[destination] ?? [];
  expect(flights.length).toBeGreaterThan(0);
  return flights[0]!;
}

/** The flight as it was when every fare cost `by` dollars more. */
function dearer(f: Flight, by: number): Flight {
  const up = <T extends { total: number } | null>(fare: T): T => (fare ? { ...fare, total: fare.total + by } : fare);
  const fares = { go_wild: up(f.fares.go_wild), standard: up(f.fares.standard), discount_den: up(f.fares.discount_den) };
  return { ...f, fares, lowest_price: f.lowest_price === null ? null : f.lowest_price + by };
}

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp());
  premium = (await signInAs(app, deps, 'premium')).headers;
}, 90_000);
afterAll(async () => {
  await app.close();
});

describe('GET /api/trips/summary', () => {
  it('reads both flights again by their hashes, from the link with legs and from an older link without them', async () => {
    const out = await firstFlight('DEN', 'MCO', addDays(today(), 3));
    const back = await firstFlight('MCO', 'DEN', addDays(today(), 6));
    const base = { departure: out.flightHash, return: back.flightHash, origin: 'DEN', destination: 'MCO', date: addDays(today(), 3) };
    const withLegs = new URLSearchParams({ ...base, departure_leg: legOf(out), return_leg: legOf(back) });
    const res = await app.inject({ method: 'GET', url: `/api/trips/summary?${withLegs}`, headers: premium });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ origin: 'DEN', destination: 'MCO', date: base.date });
    expect(res.json().departure).toEqual(out);
    expect(res.json().return).toEqual(back);

    // An older link (no legs): the departure on its date, the return within the days after it.
    const legacy = await app.inject({ method: 'GET', url: `/api/trips/summary?${new URLSearchParams(base)}`, headers: premium });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().return.flightHash).toBe(back.flightHash);
  });

  it('finds a flight whose fare moved since the link was made by its numbers and time, and says the price it had (decision 197)', async () => {
    const out = await firstFlight('DEN', 'MCO', addDays(today(), 4));
    const back = await firstFlight('MCO', 'DEN', addDays(today(), 7));
    // The link as made when the departure cost $10 more: its hash and reference carry that price.
    const then = dearer(out, 10);
    const q = {
      departure: computeFlightHash(then),
      return: back.flightHash,
      origin: 'DEN',
      destination: 'MCO',
      date: addDays(today(), 4),
      departure_leg: legOf(out),
      return_leg: legOf(back),
    };
    const res = await app.inject({
      method: 'GET',
      url: `/api/trips/summary?${new URLSearchParams({ ...q, departure_ref: refOf(then), return_ref: refOf(back) })}`,
      headers: premium,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().departure).toEqual(out);
    expect(res.json().departure_price_change).toEqual({ from: flightPrice(then), to: flightPrice(out) });
    expect(res.json()).not.toHaveProperty('return_price_change');
    // Without the reference the hash alone finds nothing: the spec's one message.
    const bare = await app.inject({ method: 'GET', url: `/api/trips/summary?${new URLSearchParams(q)}`, headers: premium });
    expect(bare.statusCode).toBe(404);
    // A reference to a flight that is not on the route that day (another time): gone, the spec's one message.
    const gone = refOf({ ...then, departure_time: `${out.departure_time.slice(0, 11)}03:01:00` });
    const res2 = await app.inject({
      method: 'GET',
      url: `/api/trips/summary?${new URLSearchParams({ ...q, departure_ref: gone })}`,
      headers: premium,
    });
    expect(res2.statusCode).toBe(404);
    expect(res2.json()).toMatchObject({ error: TRIP_MESSAGES.notFound, code: 'NOT_FOUND' });
  });
  it('answers 404 with the not-found text when a flight is not on its route that day', async () => {
    const out = await firstFlight('DEN', 'MCO', addDays(today(), 3));
    const q = new URLSearchParams({
      departure: out.flightHash,
      return: 'zzzzzzzzzzz',
      origin: 'DEN',
      destination: 'MCO',
      date: addDays(today(), 3),
      departure_leg: legOf(out),
      return_leg: `MCO-DEN-${addDays(today(), 6)}`,
    });
    const res = await app.inject({ method: 'GET', url: `/api/trips/summary?${q}`, headers: premium });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: TRIP_MESSAGES.notFound, code: 'NOT_FOUND' });
  });

  it('refuses an origin, destination, leg or date that is not a real airport, city or day with 400, asking the airline nothing', async () => {
    const fetched: string[] = [];
    const realFetch = deps.flights.gateway.fetch.bind(deps.flights.gateway);
    deps.flights.gateway.fetch = (query, ...rest) => {
      fetched.push(`${query.origin}-${query.destination}-${query.date}`);
      return realFetch(query, ...rest);
    };
    const date = addDays(today(), 3);
    const base = { departure: 'abc123', return: 'def456', origin: 'DEN', destination: 'MCO', date };
    const cases: [Record<string, string>, string][] = [
      [{ origin: 'ZZZ' }, 'Unknown airport code: ZZZ'],
      [{ origin: 'XYZ123' }, 'Unknown airport code: XYZ123'],
      [{ origin: "DEN'--" }, "Unknown airport code: DEN'--"],
      [{ origin: 'CITY:NOPE' }, 'Unknown city: CITY:NOPE'],
      [{ origin: 'DEN,QQQ' }, 'Unknown airport code: QQQ'],
      [{ destination: '12345' }, 'Unknown airport code: 12345'],
      [{ departure_leg: `QQQ-MCO-${date}` }, 'Unknown airport code: QQQ'],
      [{ return_leg: `MCO-ZZZ-${date}` }, 'Unknown airport code: ZZZ'],
      [{ departure_leg: 'DEN-MCO-2026-02-30' }, 'Departure date must be a real date in YYYY-MM-DD format'],
      [{ date: '2026-13-45' }, 'Departure date must be a real date in YYYY-MM-DD format'],
    ];
    try {
      for (const [change, message] of cases) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/trips/summary?${new URLSearchParams({ ...base, ...change })}`,
          headers: premium,
        });
        expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: message, code: 'BAD_REQUEST' });
      }
      expect(fetched).toEqual([]);
    } finally {
      deps.flights.gateway.fetch = realFetch;
    }
  });

  it('is for signed-in premium users: visitors 401, free users 403, before the query is read', async () => {
    const url = '/api/trips/summary?departure=';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const res = await app.inject({ method: 'GET', url, headers: free.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: TRIP_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
    expect((await app.inject({ method: 'GET', url, headers: premium })).statusCode).toBe(400);
  });
});
