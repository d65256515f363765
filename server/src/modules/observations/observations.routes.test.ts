import { addDays, todayUtc } from '@gowild/contract/dates';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import {
  GRID_LIMITS,
  OBSERVATION_MESSAGES,
  type GridResponse,
  type PriceHistoryResponse,
  type RouteInsightsResponse,
} from '@gowild/contract/observations';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { testFlight } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { createObservationsRepository } from './observations.repository';

/** docs/product/observations.md: the grid (premium), price history and route insights, from kept observations only. */
let app: FastifyInstance;
let deps: AppDeps;
let premium: SignedIn;
let free: SignedIn;
let today: string;
// 10:00 in Denver: the answer kept below (12 minutes ago, for tomorrow) is long after tomorrow's GoWild window opened
// at midnight there, so it does not count as seen at the opening. On the real clock, between midnight and 6:00 in
// Denver, it did, and the likelihood figures below changed with the time of day.
const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock } }));
  premium = await signInAs(app, deps, 'premium');
  free = await signInAs(app, deps, 'free');
  today = todayUtc(deps.clock.now());
  const repo = createObservationsRepository(deps.database.db);
  const at = new Date(deps.clock.now().getTime() - 12 * 60_000);
  const route = { origin: 'DEN', destination: 'LAS', date: addDays(today, 1) };
  await repo.record({
    ...route,
    flights: [
      testFlight(route, { go_wild: { total: 19.99, seats: 3 }, standard: 89 }),
      testFlight(route, { go_wild: { total: 29, seats: 7 }, discount_den: 59 }, { number: '2' }),
    ],
    at,
  });
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, who: SignedIn) => app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/flights/grid', () => {
  it('answers every destination by date, with seats, freshness and blackout days, for a premium user', async () => {
    const res = await get(`/api/flights/grid?origin=den&from=${today}&days=3`, premium);
    expect(res.statusCode).toBe(200);
    const body = res.json() as GridResponse;
    expect(body.origin).toBe('DEN');
    expect(body.dates.map((d) => d.date)).toEqual([today, addDays(today, 1), addDays(today, 2)]);
    expect(body.dates.every((d) => typeof d.blackout === 'boolean')).toBe(true);
    const las = body.destinations.find((d) => d.destination === 'LAS');
    expect(las?.cells[1]).toMatchObject({ go_wild_offered: true, lowest_go_wild: 19.99, lowest_fare: 59, seats: 7 });
    expect(Date.parse(las?.cells[1]?.checked_at ?? '')).toBeLessThan(deps.clock.now().getTime() - 11 * 60_000);
    expect(las?.cells[1]).toMatchObject({ lowest_fare_source: 'answer', lowest_fare_seen_at: las?.cells[1]?.checked_at });
    expect(las?.cells[0]).toEqual({
      date: today,
      go_wild_offered: null,
      lowest_go_wild: null,
      lowest_fare: null,
      lowest_fare_source: null,
      lowest_fare_seen_at: null,
      seats: null,
      checked_at: null,
    });
    expect(las?.likelihood).toEqual({ status: 'not_enough_history', observed_days: 0 });
    expect(body.destinations.length).toBeGreaterThan(10);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses visitors (401) and free users (403 with the premium wording)', async () => {
    const visitor = await get(`/api/flights/grid?origin=DEN&from=${today}`, { role: 'visitor', user: null, token: null, headers: {} });
    expect(visitor.statusCode).toBe(401);
    const res = await get(`/api/flights/grid?origin=DEN&from=${today}`, free);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: OBSERVATION_MESSAGES.gridPremium });
  });

  it.each([
    ['origin=&from=TODAY', OBSERVATION_MESSAGES.originRequired],
    ['from=TODAY', OBSERVATION_MESSAGES.originRequired],
    ['origin=DEN', OBSERVATION_MESSAGES.fromRequired],
    ['origin=DEN&from=2026-02-30', OBSERVATION_MESSAGES.fromInvalid],
    ['origin=DEN&from=TODAY&days=0', OBSERVATION_MESSAGES.daysInvalid],
    [`origin=DEN&from=TODAY&days=${GRID_LIMITS.maxDays + 1}`, OBSERVATION_MESSAGES.daysInvalid],
    ['origin=DEN&from=TODAY&days=2.5', OBSERVATION_MESSAGES.daysInvalid],
    ['origin=DEN&from=TODAY&days=x', OBSERVATION_MESSAGES.daysInvalid],
    ['origin=ZZZ&from=TODAY', 'ZZZ'],
    ['origin=DEN&from=2020-01-01', SEARCH_MESSAGES.datePast],
    ['origin=DEN&from=2099-01-01', SEARCH_MESSAGES.dateTooFar],
  ])('400 for %s', async (query, message) => {
    const res = await get(`/api/flights/grid?${query.replace('TODAY', today)}`, premium);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('reads city groups and several origins as search does', async () => {
    const res = await get(`/api/flights/grid?origin=CITY:NYC&from=${today}&days=1`, premium);
    expect(res.statusCode).toBe(200);
    expect((res.json() as GridResponse).origin_airports.length).toBeGreaterThan(1);
    const two = await get(`/api/flights/grid?origin=DEN,%20las&from=${today}&days=1`, premium);
    expect((two.json() as GridResponse).origin_airports).toEqual(['DEN', 'LAS']);
  });
});

describe('price history and route insights', () => {
  it('give any signed-in user the route figures, and refuse visitors', async () => {
    const date = addDays(today, 1);
    const history = await get(`/api/flights/price-history?origin=DEN&destination=LAS&date=${date}`, free);
    expect(history.statusCode).toBe(200);
    const h = history.json() as PriceHistoryResponse;
    expect(h.points).toHaveLength(1);
    expect(h.points[0]).toMatchObject({ standard: 89, discount_den: 59 });
    expect(h.good_price).toBeNull();
    expect(h.likelihood.status).toBe('not_enough_history');

    const insights = await get(`/api/flights/route-insights?origin=DEN&date=${date}`, free);
    expect(insights.statusCode).toBe(200);
    expect((insights.json() as RouteInsightsResponse).routes).toEqual({});

    const visitor = await get(`/api/flights/route-insights?origin=DEN&date=${date}`, {
      role: 'visitor',
      user: null,
      token: null,
      headers: {},
    });
    expect(visitor.statusCode).toBe(401);
    const bad = await get(`/api/flights/price-history?origin=DEN&destination=DEN&date=${date}`, free);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SEARCH_MESSAGES.sameOriginDestination);
    const missing = await get(`/api/flights/price-history?origin=DEN&date=${date}`, free);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(OBSERVATION_MESSAGES.destinationRequired);
  });
});

describe('ribbon fares (decision 243): a route searched once fills the week around its date', () => {
  // DEN-PHX: answers for 3 dates, and the ribbon's lowest fare for 14 dates (3 days on: $90, then $10 more a day).
  const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
  const day = (k: number) => addDays(today, k);
  const filled = async () =>
    Object.fromEntries(
      ((await deps.metrics.getSingleMetric('observations_ribbon_filled_total')?.get())?.values ?? []).map((v) => [
        v.labels.figure,
        v.value,
      ]),
    );
  beforeAll(async () => {
    const repo = createObservationsRepository(deps.database.db);
    const answer = async (k: number, fares: { go_wild?: number; standard?: number; discount_den?: number }, minutesAgo: number) => {
      const route = { origin: 'DEN', destination: 'PHX', date: day(k) };
      await repo.record({ ...route, flights: [testFlight(route, fares)], at: at(minutesAgo) });
    };
    await answer(2, { standard: 99, discount_den: 59 }, 60);
    await answer(4, { go_wild: 39, standard: 150 }, 120);
    await answer(5, { standard: 99 }, 10);
    await repo.recordRibbons(
      Array.from({ length: 14 }, (_, i) => ({
        origin: 'DEN',
        destination: 'PHX',
        date: day(i + 3),
        cents: (90 + 10 * i) * 100,
        at: at(30),
      })),
    );
  });

  it('grid: a day with only a ribbon figure shows its lowest fare, labelled, GoWild unknown; the fresher figure wins', async () => {
    const before = await filled();
    const res = await get(`/api/flights/grid?origin=DEN&from=${day(2)}&days=4`, premium);
    const phx = (res.json() as GridResponse).destinations.find((d) => d.destination === 'PHX')!;
    const ribbonSeen = at(30).toISOString();
    expect(phx.cells[1]).toEqual({
      date: day(3),
      go_wild_offered: null,
      lowest_go_wild: null,
      lowest_fare: 90,
      lowest_fare_source: 'ribbon',
      lowest_fare_seen_at: ribbonSeen,
      seats: null,
      checked_at: null,
    });
    // Checked 2 h ago at $150, the ribbon showed $100 half an hour ago: its figure, GoWild as the answer said.
    expect(phx.cells[2]).toMatchObject({
      go_wild_offered: true,
      lowest_go_wild: 39,
      lowest_fare: 100,
      lowest_fare_source: 'ribbon',
      lowest_fare_seen_at: ribbonSeen,
      checked_at: at(120).toISOString(),
    });
    // Checked 10 min ago: the answer is the fresher.
    expect(phx.cells[3]).toMatchObject({ lowest_fare: 99, lowest_fare_source: 'answer', lowest_fare_seen_at: at(10).toISOString() });
    expect(phx.cells[0]).toMatchObject({ lowest_fare: 59, lowest_fare_source: 'answer' });
    expect((await filled()).grid_cell ?? 0).toBe((before.grid_cell ?? 0) + 1);
  });

  it("price history: the ribbon's sightings of the date are points of their own, lowest fare only", async () => {
    const res = await get(`/api/flights/price-history?origin=DEN&destination=PHX&date=${day(3)}`, free);
    const h = res.json() as PriceHistoryResponse;
    expect(h.points).toEqual([
      { observed_at: at(30).toISOString(), standard: null, discount_den: null, source: 'ribbon', lowest_fare: 90 },
    ]);
    const both = (await get(`/api/flights/price-history?origin=DEN&destination=PHX&date=${day(4)}`, free)).json() as PriceHistoryResponse;
    expect(both.points.map((p) => [p.source, p.standard, p.lowest_fare])).toEqual([
      ['answer', 150, 150],
      ['ribbon', null, 100],
    ]);
  });

  it("good price: the ribbon's 14 dates are daily lows, so one search's week gives a verdict", async () => {
    const before = await filled();
    const res = await get(`/api/flights/route-insights?origin=DEN&date=${day(2)}`, free);
    // The answers' one day seen ($59, the lowest of the day) and the ribbon's 14 dates: the 4th lowest of 15 bounds it.
    expect((res.json() as RouteInsightsResponse).routes.PHX?.good_price).toEqual({
      good: true,
      fare: 59,
      threshold: 110,
      observed_days: 15,
    });
    const history = (
      await get(`/api/flights/price-history?origin=DEN&destination=PHX&date=${day(16)}`, free)
    ).json() as PriceHistoryResponse;
    expect(history.good_price).toEqual({ good: false, fare: 220, threshold: 110, observed_days: 15 });
    expect((await filled()).good_price ?? 0).toBe((before.good_price ?? 0) + 2);
  });
});

describe('POST /api/flights/recheck', () => {
  const airlineRequests = async () =>
    ((await deps.metrics.getSingleMetric('flight_upstream_requests_total')?.get())?.values ?? []).reduce((n, v) => n + v.value, 0);

  it('asks the airline again for one destination although a fresh answer is kept, for premium users only', async () => {
    const date = addDays(today, 3);
    const query = `origin=DEN&destination=MCO&date=${date}`;
    const first = await get(`/api/flights/single?${query}`, premium);
    expect(first.statusCode).toBe(200);
    const before = await airlineRequests();
    const again = await get(`/api/flights/single?${query}`, premium);
    expect(again.statusCode).toBe(200);
    expect(await airlineRequests()).toBe(before);

    const recheck = await app.inject({ method: 'POST', url: `/api/flights/recheck?${query}`, headers: premium.headers });
    expect(recheck.statusCode).toBe(200);
    expect(await airlineRequests()).toBe(before + 1);
    const body = recheck.json() as { checked_at?: Record<string, string> };
    expect(Date.parse(body.checked_at?.MCO ?? '')).toBeGreaterThanOrEqual(Date.parse(first.json().checked_at.MCO));

    const refused = await app.inject({ method: 'POST', url: `/api/flights/recheck?${query}`, headers: free.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: SEARCH_MESSAGES.singlePremium });
    expect(await airlineRequests()).toBe(before + 1);
  });
});
