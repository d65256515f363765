import { addDays, todayUtc } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { HUB_MESSAGES, type HubSearchResponse } from '@gowild/contract/hub-search';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { findAirport } from '../../../lib/reference-data/airports';
import blackoutDates from '../../../lib/reference-data/blackout-dates.json' with { type: 'json' };
import { buildAccountsTestApp, signInAs } from '../../../test/factories';

/**
 * GET /api/flights/hub against the emulated airline (decision 102): every answer checked against the rules
 * independently of how the search found it.
 */
let app: FastifyInstance;
let deps: AppDeps;
let premium: Record<string, string>;
/**
 * The app lives at noon US Eastern on the first day (from the run's now) whose next day is not a blackout date, and
 * searches that next day: GoWild seats are on sale for all of it (the domestic window opens the day before).
 */
const blackouts = new Set(blackoutDates.map((b) => b.date));
const runDay = todayUtc(process.env.TEST_NOW ? new Date(process.env.TEST_NOW) : new Date());
let eve = runDay;
while (blackouts.has(addDays(eve, 1))) eve = addDays(eve, 1);
const NOW = `${eve}T17:00:00.000Z`;
const today = () => addDays(eve, 1);

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ env: { TEST_NOW: NOW } }));
  premium = (await signInAs(app, deps, 'premium')).headers;
}, 90_000);
afterAll(async () => {
  await app.close();
});

const hub = async (query: string, headers = premium) => app.inject({ method: 'GET', url: `/api/flights/hub?${query}`, headers });
const at = (local: string, code: string) => localToUtcMs(local, findAirport(code)!.timezone);
const route = (f: Flight) =>
  f.segments.length ? [f.segments[0]!.departure_airport, ...f.segments.map((s) => s.arrival_airport)] : [f.origin, f.destination];

/** The rules of docs/product/search.md#via-a-hub, checked on each connection. */
function checkRules(body: HubSearchResponse, minLayover: number, origins: string[]) {
  for (const c of body.connections) {
    expect(origins).toContain(c.first.origin);
    expect(route(c.first).at(-1)).toBe(c.hub);
    expect(route(c.second)[0]).toBe(c.hub);
    expect(route(c.second).at(-1)).toBe(c.destination);
    const layover = (at(c.second.departure_time, c.hub) - at(c.first.arrival_time, c.hub)) / 60_000;
    expect(layover).toBeGreaterThanOrEqual(minLayover);
    expect(c.layover_minutes).toBe(Math.round(layover));
    expect(c.overnight).toBe(c.second.departure_time.slice(0, 10) > c.first.arrival_time.slice(0, 10));
    const all = [...route(c.first), ...route(c.second).slice(1)];
    expect(new Set(all).size, all.join('>')).toBe(all.length);
    expect(c.first.fares.go_wild).not.toBeNull();
    expect(c.second.fares.go_wild).not.toBeNull();
    expect(c.total_go_wild).toBeCloseTo(c.first.fares.go_wild!.total + c.second.fares.go_wild!.total, 2);
    expect(c.separate_tickets).toBe(true);
  }
}

describe('GET /api/flights/hub', () => {
  let anywhere: HubSearchResponse;

  it('finds two-flight GoWild trips from an origin to anywhere, each by the rules', async () => {
    const res = await hub(`origin=DEN&date=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    anywhere = res.json();
    expect(anywhere.search_parameters).toMatchObject({ origin: 'DEN', destination: null, min_layover_minutes: 120, overnight: true });
    expect(anywhere.connections.length).toBeGreaterThan(0);
    checkRules(anywhere, 120, ['DEN']);
    // Anywhere: places beyond DEN's own nonstops, and never DEN itself.
    const direct = new Set(deps.reference.destinationsFrom('DEN'));
    for (const c of anywhere.connections) {
      expect(c.destination).not.toBe('DEN');
      expect(direct.has(c.destination)).toBe(false);
    }
    expect(anywhere.summary.hubs_with_go_wild).toBeLessThanOrEqual(anywhere.summary.hubs_checked);
  });

  it('to one destination: only trips ending there, and a longer minimum layover keeps only longer ones', async () => {
    const target = anywhere.connections[0]!.destination;
    const res = await hub(`origin=DEN&destination=${target}&date=${today()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: HubSearchResponse = res.json();
    expect(body.connections.length).toBeGreaterThan(0);
    expect(new Set(body.connections.map((c) => c.destination))).toEqual(new Set([target]));
    checkRules(body, 120, ['DEN']);
    const long = (await hub(`origin=DEN&destination=${target}&date=${today()}&min_layover=360`)).json() as HubSearchResponse;
    checkRules(long, 360, ['DEN']);
    expect(long.connections.every((c) => c.layover_minutes >= 360)).toBe(true);
    const sameDay = (await hub(`origin=DEN&destination=${target}&date=${today()}&overnight=false`)).json() as HubSearchResponse;
    expect(sameDay.connections.every((c) => !c.overnight)).toBe(true);
  });

  it('refuses bad input with the search texts: layover out of range, unknown airport, same origin and destination', async () => {
    const tight = await hub(`origin=DEN&date=${today()}&min_layover=30`);
    expect(tight.statusCode).toBe(400);
    expect(tight.json().error).toBe(HUB_MESSAGES.layoverInvalid);
    expect((await hub(`origin=ZZZ&date=${today()}`)).json().error).toBe('Unknown airport code: ZZZ');
    expect((await hub(`origin=DEN&destination=den&date=${today()}`)).json().error).toBe('Origin and destination must be different');
    expect((await hub(`origin=DEN`)).json().error).toBe('Departure date is required');
  });

  it('is premium only: visitors 401, free users 403 with the premium text, before the query is read', async () => {
    expect((await hub('origin=', {})).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const res = await hub('origin=', free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: HUB_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
    const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: free.headers });
    expect(usage.json().searches_remaining).toBe(3);
  });
});
