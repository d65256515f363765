import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { TRIP_MESSAGES, legOf } from '@gowild/contract/trips';
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
const today = () => deps.clock.now().toISOString().slice(0, 10);

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
