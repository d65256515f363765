import { everyRoute } from '@gowild/contract/api-routes';
import { ENTITLEMENT_MESSAGES } from '@gowild/contract/auth';
import { addDays, todayUtc } from '@gowild/contract/dates';
import { dailyLimitMessage } from '@gowild/contract/flights';
import { type RouteSpec, successStatus } from '@gowild/contract/route';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { testConfig } from '../../../config';
import { clockFromConfig } from '../../../lib/clock';
import type { SearchKind } from './search-gate';
import { ROLES, type Role, buildAccountsTestApp, signInAs } from '../../../test/factories';

/**
 * docs/product/accounts-and-plans.md#entitlements as a table: every role against every account, admin and search entry point.
 * Each cell signs in a fresh caller, so no cell (logout, quota) affects another.
 */
type Expect = Record<Role, number>;
const all = (status: number): Expect => ({ visitor: status, free: status, premium: status, admin: status, deactivated: status });
const signedIn = { visitor: 401, free: 200, premium: 200, admin: 200, deactivated: 401 };
const adminOnly = { visitor: 401, free: 403, premium: 403, admin: 200, deactivated: 401 };
const premiumOnly = { visitor: 401, free: 403, premium: 200, admin: 403, deactivated: 401 };

// Today on the clock the test apps run on (TEST_NOW when a run pins it): a UTC date is never past at a US airport.
const today = todayUtc(clockFromConfig(testConfig()).now());
const matrix: [string, InjectOptions, Expect][] = [
  ['search usage', { method: 'GET', url: '/api/auth/search-usage' }, signedIn],
  ['profile update', { method: 'PUT', url: '/api/auth/profile', payload: { first_name: 'Pat' } }, signedIn],
  ['verify token (answers valid:false, not 401)', { method: 'POST', url: '/api/auth/verify-token', payload: {} }, all(200)],
  ['logout', { method: 'POST', url: '/api/auth/logout' }, all(200)],
  ['admin users', { method: 'GET', url: '/api/admin/users?page=1&limit=25' }, adminOnly],
  ['admin searches', { method: 'GET', url: '/api/admin/searches' }, adminOnly],
  ['admin notifications', { method: 'GET', url: '/api/admin/notifications' }, adminOnly],
  ['admin dashboard', { method: 'GET', url: '/api/admin/dashboard' }, adminOnly],
  // Billing (docs/product/billing.md; the demo provider here): premium users are refused a second subscription, and
  // nobody made by a factory has a Stripe customer, so the portal has nothing to open.
  [
    'start a checkout',
    { method: 'POST', url: '/api/stripe/create-checkout-session', payload: { plan_type: 'monthly' } },
    { ...signedIn, premium: 409 },
  ],
  ['open the billing portal', { method: 'POST', url: '/api/stripe/customer-portal' }, { ...signedIn, free: 400, premium: 400, admin: 400 }],
  // Web push (docs/product/alerts.md#web-push): subscribing is premium (a premium caller then hears about the address);
  // listing needs a session only, so a device can be switched off once premium ends.
  ['push devices', { method: 'GET', url: '/api/push/subscriptions' }, signedIn],
  [
    'push subscribe',
    {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'a', auth: 'b' } },
    },
    { ...premiumOnly, premium: 400 },
  ],
  ['push public key', { method: 'GET', url: '/api/push/public-key' }, all(200)],
  ['outbound search (gate)', { method: 'GET', url: '/test/gate/search' }, signedIn],
  ['single-route search (gate)', { method: 'GET', url: '/test/gate/single' }, premiumOnly],
  ['inbound search (gate)', { method: 'GET', url: '/test/gate/inbound' }, premiumOnly],
  ['hub search (gate)', { method: 'GET', url: '/test/gate/hub' }, premiumOnly],
];

/** The real flight and trip routes: a route that is missing (renamed, not registered) fails its cells with 404. */
const flightRoutes: [string, string, Expect][] = [
  ['GET /api/flights/search', `/api/flights/search?origin=DEN&date=${today}`, signedIn],
  ['GET /api/flights/search with a destination', `/api/flights/search?origin=DEN&destination=MCO&date=${today}`, premiumOnly],
  ['GET /api/flights/single', `/api/flights/single?origin=DEN&destination=MCO&date=${today}`, premiumOnly],
  ['GET /api/flights/inbound', `/api/flights/inbound?destination=MCO&date=${today}`, premiumOnly],
  ['GET /api/flights/hub', `/api/flights/hub?origin=DEN&destination=MCO&date=${today}`, premiumOnly],
  ['GET /api/flights/home', '/api/flights/home?from=MCO&home=DEN&radius=0', premiumOnly],
  ['GET /api/flights/trips', `/api/flights/trips?origin=MCO&from=${today}&days=1&day_trip=true`, premiumOnly],
  ['GET /api/flights/anywhere', `/api/flights/anywhere?origin=MCO&from=${today}&to=${today}&format=csv`, premiumOnly],
  [
    'GET /api/trips/summary',
    `/api/trips/summary?departure=a&return=b&origin=DEN&destination=MCO&date=${today}`,
    { ...premiumOnly, premium: 404 },
  ],
];

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp());
  app.get<{ Params: { kind: SearchKind } }>('/test/gate/:kind', async (request) => {
    const ticket = await deps.searchGate.admit(request, request.params.kind);
    await ticket.settle({
      end: 'complete',
      destinations: 1,
      checked: 1,
      failed: 0,
      origin: 'DEN',
      destination: null,
      date: today,
      resultsFound: 0,
      totalFlights: 0,
    });
    return { ok: true };
  });
}, 90_000);
afterAll(async () => {
  await app.close();
});

describe.each(matrix)('%s', (_name, request, expected) => {
  it.each(ROLES)('%s', async (role) => {
    const caller = await signInAs(app, deps, role);
    const res = await app.inject({ ...request, headers: caller.headers });
    expect(res.statusCode).toBe(expected[role]);
    if (res.statusCode === 403 && request.url!.toString().startsWith('/api/admin'))
      expect(res.json().error).toBe(ENTITLEMENT_MESSAGES.adminRequired);
    if (request.url === '/api/auth/verify-token') expect(res.json().valid).toBe(role !== 'visitor' && role !== 'deactivated');
  });
});

describe.each(flightRoutes)('%s', (_name, url, expected) => {
  it.each(ROLES)('%s', async (role) => {
    const caller = await signInAs(app, deps, role);
    const res = await app.inject({ method: 'GET', url, headers: caller.headers });
    expect(res.statusCode).toBe(expected[role]);
  });
});

/**
 * The digest's and the API keys' routes (issue 33; docs/product/digest.md, docs/product/public-api.md): the five roles
 * by session, and a personal API key of a free, a premium and an admin account (`X-API-Key`, no session). A key reads
 * only the keyed endpoints, with its owner's plan; everything else is 403 to it, an admin's key included.
 */
type KeyCaller = 'free key' | 'premium key' | 'admin key';
type Caller = Role | KeyCaller;
const KEY_CALLERS: readonly KeyCaller[] = ['free key', 'premium key', 'admin key'];
const noKey = { 'free key': 403, 'premium key': 403, 'admin key': 403 };
const weeklyEmail = {
  enabled: true,
  origins: ['DEN'],
  channels: ['email'],
  frequency: 'weekly',
  weekday: 5,
  local_hour: 8,
  time_zone: 'UTC',
};
const issue33: [string, InjectOptions, Record<Caller, number>][] = [
  ['GET /api/digest', { method: 'GET', url: '/api/digest' }, { ...signedIn, ...noKey }],
  ['PUT /api/digest, weekly by e-mail', { method: 'PUT', url: '/api/digest', payload: weeklyEmail }, { ...signedIn, ...noKey }],
  // Daily is premium (decision 270); an admin account is not premium.
  [
    'PUT /api/digest, daily',
    { method: 'PUT', url: '/api/digest', payload: { ...weeklyEmail, frequency: 'daily' } },
    { ...premiumOnly, ...noKey },
  ],
  // The unsubscribe link needs no sign-in: its signed token is the authority, and a made-up one is a 400 for anyone.
  [
    'POST /api/digest/unsubscribe, a made-up token',
    { method: 'POST', url: '/api/digest/unsubscribe?token=x.y' },
    { ...all(400), ...noKey },
  ],
  ['GET /api/digest/deliveries', { method: 'GET', url: '/api/digest/deliveries' }, { ...signedIn, ...noKey }],
  [
    'GET /api/admin/users/:id/digest-deliveries',
    { method: 'GET', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/digest-deliveries' },
    { ...adminOnly, ...noKey },
  ],
  ['GET /api/account/api-keys', { method: 'GET', url: '/api/account/api-keys' }, { ...signedIn, ...noKey }],
  [
    'POST /api/account/api-keys',
    { method: 'POST', url: '/api/account/api-keys', payload: { name: 'Matrix' } },
    { ...signedIn, free: 201, premium: 201, admin: 201, ...noKey },
  ],
  [
    "DELETE /api/account/api-keys/:id, a key that is not the caller's",
    { method: 'DELETE', url: '/api/account/api-keys/00000000-0000-4000-8000-000000000000' },
    { ...signedIn, free: 404, premium: 404, admin: 404, ...noKey },
  ],
  ['GET /api/developers', { method: 'GET', url: '/api/developers' }, { ...all(200), ...noKey }],
  ['GET /api/admin/api-keys', { method: 'GET', url: '/api/admin/api-keys' }, { ...adminOnly, ...noKey }],
  // Keyed endpoints: a key answers as its owner would, with the owner's plan.
  [
    'GET /api/airports (keyed)',
    { method: 'GET', url: '/api/airports' },
    { ...all(200), 'free key': 200, 'premium key': 200, 'admin key': 200 },
  ],
  [
    'GET /api/flights/grid (keyed, premium)',
    { method: 'GET', url: `/api/flights/grid?origin=DEN&from=${today}&days=1` },
    { ...premiumOnly, 'free key': 403, 'premium key': 200, 'admin key': 403 },
  ],
];

/**
 * Every route of the contract's table not in the rows above (decision 302): a small valid request, and what each role
 * hears as the entry's `access` says (`byAccess`), unless the row writes down why a route answers otherwise.
 */
const byAccess = (spec: RouteSpec): Expect => {
  const ok = successStatus(spec);
  if (spec.access === 'public') return all(ok);
  if (spec.access === 'signed-in') return { visitor: 401, free: ok, premium: ok, admin: ok, deactivated: 401 };
  if (spec.access === 'premium') return { visitor: 401, free: 403, premium: ok, admin: 403, deactivated: 401 };
  return { visitor: 401, free: 403, premium: 403, admin: ok, deactivated: 401 };
};
const nobody = '00000000-0000-4000-8000-000000000000';
const later = addDays(today, 20);
const alertChannels = { channels: ['email'] };
const rest: [string, InjectOptions, Partial<Expect>?][] = [
  // Public sign-in calls: every role gets the same answer (a wrong password, an unknown or made-up token).
  ['POST /api/auth/register', { method: 'POST', url: '/api/auth/register', payload: {} }, all(400)],
  [
    'POST /api/auth/login',
    { method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong-password-1' } },
    all(401),
  ],
  ['POST /api/auth/google', { method: 'POST', url: '/api/auth/google', payload: { token: 'x' } }, all(503)],
  ['POST /api/auth/forgot-password', { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } }],
  ['POST /api/auth/verify-reset-token', { method: 'POST', url: '/api/auth/verify-reset-token', payload: { token: 'x' } }],
  [
    'POST /api/auth/reset-password',
    { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'x', password: 'Another-pass-1' } },
    all(400),
  ],
  ['GET /api/admin/audit', { method: 'GET', url: '/api/admin/audit' }],
  // An unknown user: 404 once past the admin check.
  [
    'POST /api/admin/users/:id/actions',
    { method: 'POST', url: `/api/admin/users/${nobody}/actions`, payload: { action: 'grant_premium' } },
    { admin: 404 },
  ],
  ['GET /api/admin/blackouts', { method: 'GET', url: '/api/admin/blackouts' }],
  ['POST /api/admin/blackouts', { method: 'POST', url: '/api/admin/blackouts', payload: { start: '2030-01-02', label: 'Matrix' } }],
  ['DELETE /api/admin/blackouts/:date', { method: 'DELETE', url: '/api/admin/blackouts/2031-01-02' }, { admin: 404 }],
  ['PUT /api/admin/routes', { method: 'PUT', url: '/api/admin/routes', payload: { routes: {} } }, { admin: 400 }],
  ['POST /api/admin/routes/refresh', { method: 'POST', url: '/api/admin/routes/refresh', payload: { dry_run: true } }],
  ['GET /api/admin/unreadable-pages', { method: 'GET', url: '/api/admin/unreadable-pages' }],
  ['GET /api/admin/unreadable-pages/:id', { method: 'GET', url: `/api/admin/unreadable-pages/${nobody}` }, { admin: 404 }],
  ['POST /api/admin/unreadable-pages/reread', { method: 'POST', url: '/api/admin/unreadable-pages/reread' }],
  ['GET /api/admin/users/:id/deliveries', { method: 'GET', url: `/api/admin/users/${nobody}/deliveries` }],
  [
    'POST /api/notifications',
    {
      method: 'POST',
      url: '/api/notifications',
      payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [later], max_price: 100, ...alertChannels },
    },
  ],
  [
    'POST /api/notifications/window-open',
    {
      method: 'POST',
      url: '/api/notifications/window-open',
      payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: addDays(today, 200), ...alertChannels },
    },
  ],
  [
    'POST /api/notifications/origin-wide',
    { method: 'POST', url: '/api/notifications/origin-wide', payload: { origin_airport: 'DEN', travel_date: later, ...alertChannels } },
  ],
  [
    'POST /api/notifications/seats',
    {
      method: 'POST',
      url: '/api/notifications/seats',
      payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: later, max_seats: 2, ...alertChannels },
    },
  ],
  [
    'POST /api/notifications/chain',
    { method: 'POST', url: '/api/notifications/chain', payload: { legs: [], ...alertChannels } },
    { premium: 400 },
  ],
  ['GET /api/notifications', { method: 'GET', url: '/api/notifications' }],
  ["DELETE /api/notifications/:id, someone else's", { method: 'DELETE', url: `/api/notifications/${nobody}` }, { premium: 404 }],
  ['GET /api/alert-channels', { method: 'GET', url: '/api/alert-channels' }],
  ['POST /api/alert-channels/telegram/link', { method: 'POST', url: '/api/alert-channels/telegram/link' }],
  // Nothing linked yet on a fresh account: 404 once past the premium check.
  ['DELETE /api/alert-channels/telegram, none linked', { method: 'DELETE', url: '/api/alert-channels/telegram' }, { premium: 404 }],
  [
    'PUT /api/alert-channels/discord, not a webhook address',
    { method: 'PUT', url: '/api/alert-channels/discord', payload: { url: 'https://example.com/x' } },
    { premium: 400 },
  ],
  ['DELETE /api/alert-channels/discord, none saved', { method: 'DELETE', url: '/api/alert-channels/discord' }, { premium: 404 }],
  ['GET /api/alert-deliveries', { method: 'GET', url: '/api/alert-deliveries' }],
  ['GET /api/stripe/subscription', { method: 'GET', url: '/api/stripe/subscription' }],
  // The demo provider: no webhook to verify.
  ['POST /api/stripe/webhook', { method: 'POST', url: '/api/stripe/webhook', payload: {} }, all(503)],
  [
    'GET /api/stripe/demo/checkout/:id, an unknown session',
    { method: 'GET', url: '/api/stripe/demo/checkout/nope' },
    { free: 404, premium: 404, admin: 404 },
  ],
  [
    'POST /api/stripe/demo/checkout/:id/confirm, an unknown session',
    { method: 'POST', url: '/api/stripe/demo/checkout/nope/confirm' },
    { free: 404, premium: 404, admin: 404 },
  ],
  ['GET /api/stripe/demo/portal', { method: 'GET', url: '/api/stripe/demo/portal' }],
  // No demo subscription on a fresh account: nothing to cancel (409) once signed in.
  [
    'POST /api/stripe/demo/portal, no subscription',
    { method: 'POST', url: '/api/stripe/demo/portal', payload: { action: 'cancel' } },
    { free: 409, premium: 409, admin: 409 },
  ],
  ['GET /api/digest/unsubscribe', { method: 'GET', url: '/api/digest/unsubscribe?token=x.y' }],
  [
    'GET /api/hotels/search/airport/:airportCode',
    { method: 'GET', url: `/api/hotels/search/airport/MCO?checkin_date=${later}&checkout_date=${addDays(later, 1)}` },
  ],
  ['GET /api/hertz/locations', { method: 'GET', url: '/api/hertz/locations?text=MCO' }],
  [
    'GET /api/hertz/availability, an unknown location',
    { method: 'GET', url: `/api/hertz/availability?pickup_location=nope&pickup_date=${later}&return_date=${addDays(later, 1)}` },
    { premium: 404 },
  ],
  ['GET /api/favourites', { method: 'GET', url: '/api/favourites' }],
  ['PUT /api/favourites', { method: 'PUT', url: '/api/favourites', payload: { home_airports: ['DEN'] } }],
  ['POST /api/flights/recheck', { method: 'POST', url: `/api/flights/recheck?origin=DEN&destination=MCO&date=${today}` }],
  ['GET /api/flights/search/stream', { method: 'GET', url: `/api/flights/search/stream?origin=DEN&date=${today}` }],
  ['GET /api/flights/inbound/stream', { method: 'GET', url: `/api/flights/inbound/stream?destination=MCO&date=${today}` }],
  ['GET /api/flights/connections', { method: 'GET', url: `/api/flights/connections?origin=DEN&destination=MCO&date=${today}` }],
  ['GET /api/flights/price-history', { method: 'GET', url: `/api/flights/price-history?origin=DEN&destination=MCO&date=${today}` }],
  ['GET /api/flights/route-insights', { method: 'GET', url: `/api/flights/route-insights?origin=DEN&date=${today}` }],
  ['GET /api/health', { method: 'GET', url: '/api/health' }],
  ['GET /api/ready', { method: 'GET', url: '/api/ready' }],
  // No device subscribed on a fresh account: 400 once past the premium check.
  ['POST /api/push/test, no device', { method: 'POST', url: '/api/push/test' }, { premium: 400 }],
  [
    "DELETE /api/push/subscriptions, a browser that is not the caller's",
    { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: 'https://push.example.com/none' } },
    { free: 404, premium: 404, admin: 404 },
  ],
  [
    "DELETE /api/push/subscriptions/:id, a device that is not the caller's",
    { method: 'DELETE', url: `/api/push/subscriptions/${nobody}` },
    { free: 404, premium: 404, admin: 404 },
  ],
  ['GET /api/gowild/blackout-dates', { method: 'GET', url: '/api/gowild/blackout-dates' }],
  ['GET /api/routes', { method: 'GET', url: '/api/routes' }],
  ['GET /api/config', { method: 'GET', url: '/api/config' }],
  ['GET /api/location', { method: 'GET', url: '/api/location' }],
  ['GET /api/weather/:destination', { method: 'GET', url: '/api/weather/MCO' }],
  ['GET /api/status', { method: 'GET', url: '/api/status' }],
];

/** The table entry a request calls, by method and path (`:name` matches one path segment). */
function entryOf(request: InjectOptions): RouteSpec | undefined {
  const path = String(request.url).split('?')[0];
  return everyRoute()
    .map((r) => r.spec)
    .find((spec) => spec.method === request.method && new RegExp(`^${spec.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path!));
}

describe('the whole route table', () => {
  it('has a row for every entry, so a new route must be placed in the matrix', () => {
    const requests = [
      ...matrix.map(([, request]) => request),
      ...flightRoutes.map(([, url]): InjectOptions => ({ method: 'GET', url })),
      ...issue33.map(([, request]) => request),
      ...rest.map(([, request]) => request),
    ];
    const placed = new Set(requests.map(entryOf).filter((spec) => spec !== undefined));
    const missing = everyRoute().filter(({ spec }) => !placed.has(spec));
    expect(missing.map(({ spec }) => `${spec.method} ${spec.path}`)).toEqual([]);
  });
});

describe.each(rest)('%s', (_name, request, exceptions) => {
  it.each(ROLES)('%s', async (role) => {
    const spec = entryOf(request);
    expect(spec, 'a row of the table').toBeDefined();
    const expected = { ...byAccess(spec!), ...exceptions };
    const caller = await signInAs(app, deps, role);
    const res = await app.inject({ ...request, headers: caller.headers });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(expected[role]);
  });
});

/** A caller's headers: a session for a role, or a fresh API key of a fresh account of that plan (and no session). */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (!(KEY_CALLERS as readonly string[]).includes(caller)) return (await signInAs(app, deps, caller as Role)).headers;
  const owner = await signInAs(app, deps, caller.replace(' key', '') as Role);
  const made = await app.inject({ method: 'POST', url: '/api/account/api-keys', headers: owner.headers, payload: { name: 'matrix' } });
  expect(made.statusCode).toBe(201);
  return { 'x-api-key': (made.json() as { key: string }).key };
}

describe.each(issue33)('%s', (_name, request, expected) => {
  it.each([...ROLES, ...KEY_CALLERS])('%s', async (caller) => {
    const res = await app.inject({ ...request, headers: await headersOf(caller) });
    expect(res.statusCode, res.body).toBe(expected[caller]);
  });
});

describe('quota through the real search route', () => {
  it('of 20 concurrent different searches by a free user with 3 left, exactly 3 run and the rest get the 429 text', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&date=${addDays(today, i)}`, headers }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.json()).toMatchObject({ error: dailyLimitMessage(3), code: 'QUOTA_EXCEEDED' });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(usage.json()).toEqual({ search_limit: 3, searches_remaining: 0, is_premium: false });
  });

  it('a search already paid for today is free to repeat, even 20 at once: still exactly 3 distinct searches a day', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    const remaining = async () => (await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).json().searches_remaining;
    // The same search typed three ways (case, spaces, order of the list): one identity.
    const spellings = [`origin=DEN,LAS&date=${today}`, `origin=las,%20den&date=${today}`, `origin=%20DEN,LAS,den&date=%20${today}`];
    const repeats = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.inject({ method: 'GET', url: `/api/flights/search?${spellings[i % 3]}`, headers })),
    );
    expect(repeats.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await remaining()).toBe(2);
    // Two other searches (another date, another direction of the same airports would be others too) spend the rest.
    for (const date of [addDays(today, 1), addDays(today, 2)]) {
      expect((await app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN,LAS&date=${date}`, headers })).statusCode).toBe(200);
    }
    expect(await remaining()).toBe(0);
    const fourth = await app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN,LAS&date=${addDays(today, 3)}`, headers });
    expect(fourth.statusCode).toBe(429);
    // Each of the three paid searches can still be reopened today, at no cost.
    for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
      expect((await app.inject({ method: 'GET', url: `/api/flights/search?origin=LAS,DEN&date=${date}`, headers })).statusCode).toBe(200);
    }
    expect(await remaining()).toBe(0);
    // The search log has every search that ran; only the three first-of-their-kind were charged.
    const logs = (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === user!.id);
    expect(logs).toHaveLength(25);
    expect(logs.filter((l) => l.charged)).toHaveLength(3);
  });

  it('a refused search leaves nothing paid: repeating it is judged afresh and costs nothing', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const bad = `/api/flights/search?origin=ZZZ&date=${today}`;
    expect((await app.inject({ method: 'GET', url: bad, headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: bad, headers })).statusCode).toBe(400);
    const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(usage.json().searches_remaining).toBe(3);
  });

  it('a search refused for bad input does not count', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const bad = await app.inject({ method: 'GET', url: '/api/flights/search?date=' + today, headers });
    expect(bad.statusCode).toBe(400);
    const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(usage.json().searches_remaining).toBe(3);
  });
});
