import type { DigestState } from '@gowild/contract/digest';
import { FAVOURITES_MESSAGES, type Favourites } from '@gowild/contract/favourites';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { manualClock } from '../../lib/clock';
import { type SignedIn, buildAccountsTestApp, logSearch, signInAs } from '../../test/factories';

/**
 * docs/product/favourites.md through the API: the caller's own favourites (never anyone else's), each part saved on
 * its own, the validation texts, remembered filters, a second session of the same traveller reading the same, and the
 * digest suggesting them.
 */
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const clock = manualClock(new Date('2026-12-04T15:00:00Z'));

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { jobs: noJobs, clock } }));
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (who: SignedIn) => app.inject({ method: 'GET', url: '/api/favourites', headers: who.headers });
const put = (who: SignedIn, payload: object) => app.inject({ method: 'PUT', url: '/api/favourites', headers: who.headers, payload });

describe('/api/favourites', () => {
  it('asks a visitor to log in (401) and starts a traveller with none', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    for (const res of [await get(visitor), await put(visitor, { home_airports: ['DEN'] })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: FAVOURITES_MESSAGES.loginRequired });
    }
    const free = await signInAs(app, deps, 'free');
    const res = await get(free);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ home_airports: [], favourite_airports: [], filters: null, updated_at: null });
  });

  it('saves each part on its own, keeps the others, and a free account keeps favourites as a premium one does', async () => {
    for (const role of ['free', 'premium'] as const) {
      const who = await signInAs(app, deps, role);
      const home = await put(who, { home_airports: ['den', 'LAS', 'DEN'] });
      expect(home.statusCode).toBe(200);
      expect(home.json()).toMatchObject({
        home_airports: ['DEN', 'LAS'],
        favourite_airports: [],
        filters: null,
        message: FAVOURITES_MESSAGES.saved,
      });
      await put(who, { favourite_airports: ['MCO', 'CITY:NYC'] });
      await put(who, { filters: { stops: 'nonstop', fares: 'usual_gowild', arrive_by: 1080, sort: 'cheapest' } });
      const state = (await get(who)).json() as Favourites;
      expect(state).toEqual({
        home_airports: ['DEN', 'LAS'],
        favourite_airports: ['MCO', 'CITY:NYC'],
        filters: { stops: 'nonstop', fares: 'usual_gowild', arrive_by: 1080, sort: 'cheapest' },
        updated_at: clock.now().toISOString(),
      });
      // filters: null forgets them, and only them.
      expect((await put(who, { filters: null })).json()).toMatchObject({ home_airports: ['DEN', 'LAS'], filters: null });
    }
  });

  it('follows the traveller to a second session (another device) and is never another traveller’s', async () => {
    const first = await signInAs(app, deps, 'free');
    await put(first, { home_airports: ['PHX'], filters: { fares: 'gowild' } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.user!.email, password: first.user!.password },
    });
    const second = { ...first, headers: { authorization: `Bearer ${(login.json() as { token: string }).token}` } };
    expect((await get(second)).json()).toMatchObject({ home_airports: ['PHX'], filters: { fares: 'gowild' } });

    const other = await signInAs(app, deps, 'free');
    expect((await get(other)).json()).toMatchObject({ home_airports: [], filters: null });
    // No field names a traveller: a user_id in the body is refused, not obeyed.
    const sneaky = await put(other, { user_id: first.user!.id, home_airports: ['LAS'] });
    expect(sneaky.statusCode).toBe(400);
    expect((await get(first)).json()).toMatchObject({ home_airports: ['PHX'] });
  });

  it('refuses what it cannot keep with a 400 and its text, and keeps what was there', async () => {
    const who = await signInAs(app, deps, 'free');
    await put(who, { home_airports: ['DEN'] });
    const cases: [object, string][] = [
      [{ home_airports: ['DEN', 'LAS', 'MCO', 'PHX'] }, FAVOURITES_MESSAGES.homeInvalid],
      [{ home_airports: ['D3N'] }, FAVOURITES_MESSAGES.homeInvalid],
      [{ home_airports: ['CITY:NYC'] }, FAVOURITES_MESSAGES.homeInvalid],
      [
        {
          favourite_airports: Array.from(
            { length: 21 },
            (_, i) => `A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
          ),
        },
        FAVOURITES_MESSAGES.favouritesInvalid,
      ],
      [{ home_airports: ['ZZZ'] }, `ZZZ ${FAVOURITES_MESSAGES.airportUnknown}`],
      [{ favourite_airports: ['CITY:ZZZ'] }, `CITY:ZZZ ${FAVOURITES_MESSAGES.airportUnknown}`],
      [{ filters: { arrive_by: 1085 } }, FAVOURITES_MESSAGES.filtersInvalid],
      [{ filters: { stops: 'two_stops' } }, FAVOURITES_MESSAGES.filtersInvalid],
      [{ filters: { earliest_departure: 600, latest_departure: 300 } }, FAVOURITES_MESSAGES.filtersInvalid],
      [{}, FAVOURITES_MESSAGES.nothingToSave],
    ];
    for (const [payload, message] of cases) {
      const res = await put(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: message, code: 'VALIDATION_FAILED' });
    }
    expect((await put(who, { filters: { max_price: 100 } })).statusCode).toBe(400);
    expect((await get(who)).json()).toMatchObject({ home_airports: ['DEN'], favourite_airports: [], filters: null });
  });
});

describe('the digest suggests the favourites (issue 33)', () => {
  it('home airports first, then favourite airports (no cities), else the last searched origin', async () => {
    const who = await signInAs(app, deps, 'free');
    await logSearch(deps, {
      userId: who.user!.id,
      originAirport: 'MCO',
      destinationAirport: null,
      searchType: 'one_way',
      searchDate: null,
      resultsFound: 1,
      totalFlights: 1,
      createdAt: clock.now(),
    });
    const digest = async () =>
      ((await app.inject({ method: 'GET', url: '/api/digest', headers: who.headers })).json() as DigestState).suggested_origins;
    expect(await digest()).toEqual(['MCO']);
    await put(who, { home_airports: ['LAS'], favourite_airports: ['CITY:NYC', 'PHX', 'LAS'] });
    expect(await digest()).toEqual(['LAS', 'PHX']);
  });
});
