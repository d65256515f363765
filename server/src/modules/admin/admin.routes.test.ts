import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { type SignedIn, buildAccountsTestApp, createUser, logSearch, signInAs } from '../../test/factories';

const clock = manualClock(new Date('2026-07-15T12:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
let admin: SignedIn;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;

const HOUR = 3_600_000;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock } }));
  admin = await signInAs(app, deps, 'admin');
  clock.advance(1000);
  alice = await createUser(deps, { firstName: 'Alice', createdAt: clock.now() });
  clock.advance(1000);
  bob = await createUser(deps, { firstName: 'Bob', createdAt: clock.now() });
  const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * HOUR);
  const entry = (userId: string | null, origin: string, searchType: string, hoursAgo: number) =>
    logSearch(deps, {
      userId,
      originAirport: origin,
      destinationAirport: searchType === 'search' ? null : 'MCO',
      searchType,
      searchDate: '2026-07-16',
      resultsFound: 5,
      totalFlights: 12,
      createdAt: at(hoursAgo),
    });
  // Ten origins with falling counts, so the top 8 and their order are checkable.
  const origins = ['DEN', 'LAS', 'MCO', 'PHX', 'ATL', 'MIA', 'ORD', 'SFO', 'BOS', 'SEA'];
  for (const [i, origin] of origins.entries()) for (let n = 0; n < 10 - i; n++) await entry(alice.id, origin, 'search', 1);
  await logSearch(deps, {
    userId: bob.id,
    originAirport: 'DEN',
    destinationAirport: 'MCO',
    searchType: 'single',
    searchDate: '2026-07-16',
    resultsFound: 0,
    totalFlights: 0,
    // Bob left before any destination with flights arrived: logged, not counted (decision 055).
    outcome: 'abandoned',
    charged: false,
    destinationsTotal: 1,
    destinationsChecked: 0,
    destinationsFailed: 0,
    createdAt: at(2),
  });
  await entry(bob.id, 'MCO', 'inbound', 30); // older than a day
  await entry(null, 'LAS', 'search', 48); // a guest (or deleted account), older than a day
  // Flight alerts: two of Alice's (one completed), one of Bob's, oldest first.
  const alert = (userId: string, hoursAgo: number, extra: Partial<typeof notifications.$inferInsert> = {}) =>
    deps.database.db.insert(notifications).values({
      userId,
      originAirport: 'DEN',
      destinationAirport: 'MCO',
      travelDates: ['2026-07-20', '2026-07-22'],
      maxPriceCents: 4950,
      createdAt: at(hoursAgo),
      ...extra,
    });
  await alert(alice.id, 3, { isCompleted: true, foundPriceCents: 2900, foundTravelDate: '2026-07-20', notificationSent: true });
  await alert(alice.id, 2, { gowildOnly: true, phoneNumber: '+1 303 555 0100', smsConsent: true });
  await alert(bob.id, 1, { destinationAirport: 'LAS', travelDates: ['2026-07-25'] });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers = admin.headers) => app.inject({ method: 'GET', url, headers });

describe('GET /api/admin/dashboard', () => {
  it('sums users and searches, by type, in the last 24 h, and the top 8 origins', async () => {
    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_users: 3, total_notifications: 3, total_searches: 58 });
    expect(body.search_breakdown.searches_by_type).toEqual({ search: 56, single: 1, inbound: 1 });
    expect(body.search_breakdown.searches_by_outcome).toEqual({ complete: 57, abandoned: 1 });
    expect(body.search_breakdown.recent_searches_24h).toBe(56);
    expect(body.search_breakdown.top_origins).toEqual([
      { airport: 'DEN', count: 11 },
      { airport: 'LAS', count: 10 },
      { airport: 'MCO', count: 9 },
      { airport: 'PHX', count: 7 },
      { airport: 'ATL', count: 6 },
      { airport: 'MIA', count: 5 },
      { airport: 'ORD', count: 4 },
      { airport: 'SFO', count: 3 },
    ]);
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with search and notification counts, paginated', async () => {
    const first = await get('/api/admin/users?page=1&limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(body.users.map((u: { first_name: string }) => u.first_name)).toEqual(['Bob', 'Alice']);
    expect(body.users[0]).toMatchObject({ id: bob.id, search_count: 2, notification_count: 1, is_active: true });
    expect(body.users[1]).toMatchObject({ id: alice.id, search_count: 55, notification_count: 2 });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const second = await get('/api/admin/users?page=2&limit=2');
    expect(second.json().users.map((u: { id: string }) => u.id)).toEqual([admin.user!.id]);
    expect((await get('/api/admin/users?page=3&limit=2')).json().users).toEqual([]);
  });

  it('defaults to page 1 of 25', async () => {
    expect((await get('/api/admin/users')).json().pagination).toMatchObject({ page: 1, limit: 25, total: 3, pages: 1 });
  });

  it.each(['limit=0', 'limit=101', 'page=0', 'page=abc', 'limit=2.5'])('refuses %s with 400', async (qs) => {
    const res = await get(`/api/admin/users?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin/searches', () => {
  it('lists the search log newest first, with the user or null for a guest', async () => {
    const res = await get('/api/admin/searches?page=1&limit=25');
    expect(res.statusCode).toBe(200);
    const { searches, pagination } = res.json();
    expect(pagination).toMatchObject({ page: 1, limit: 25, total: 58, pages: 3 });
    expect(searches).toHaveLength(25);
    const times = searches.map((s: { created_at: string }) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(searches[0]).toMatchObject({
      origin_airport: expect.any(String),
      destination_airport: null,
      search_type: 'search',
      search_date: '2026-07-16',
      results_found: 5,
      total_flights: 12,
      // Written without an outcome: the columns' defaults, a complete search that counted.
      outcome: 'complete',
      charged: true,
      user: { id: alice.id, email: alice.email, first_name: 'Alice', last_name: alice.lastName },
    });
    const last = (await get('/api/admin/searches?page=3&limit=25')).json().searches;
    expect(last.at(-1)).toMatchObject({ origin_airport: 'LAS', user: null });
    expect(last.find((s: { search_type: string }) => s.search_type === 'single')).toMatchObject({
      search_type: 'single',
      outcome: 'abandoned',
      charged: false,
      destinations_total: 1,
      destinations_checked: 0,
      destinations_failed: 0,
      user: { id: bob.id },
    });
  });
});

describe('GET /api/admin/notifications', () => {
  it('lists every flight alert newest first with its owner, 25 a page', async () => {
    const res = await get('/api/admin/notifications');
    expect(res.statusCode).toBe(200);
    const { notifications: list, pagination } = res.json();
    expect(pagination).toMatchObject({ page: 1, limit: 25, total: 3, pages: 1 });
    expect(
      list.map((n: { destination_airport: string; user: { first_name: string } }) => [n.destination_airport, n.user.first_name]),
    ).toEqual([
      ['LAS', 'Bob'],
      ['MCO', 'Alice'],
      ['MCO', 'Alice'],
    ]);
    expect(list[1]).toEqual({
      id: expect.any(String),
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_dates: ['2026-07-20', '2026-07-22'],
      max_price: 49.5,
      gowild_only: true,
      phone_number: '+1 303 555 0100',
      sms_consent: true,
      is_active: true,
      is_completed: false,
      found_price: null,
      found_travel_date: null,
      notification_sent: false,
      created_at: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
      last_checked_at: null,
      channels: ['email'],
      kind: 'price',
      opens_at: null,
      window_result: null,
      found_seats: null,
      max_seats: null,
      legs: null,
      found_destination: null,
      user: { first_name: 'Alice', last_name: alice.lastName, email: alice.email },
    });
    expect(list[2]).toMatchObject({ is_completed: true, found_price: 29, found_travel_date: '2026-07-20', notification_sent: true });
    const second = (await get('/api/admin/notifications?page=2&limit=2')).json();
    expect(second.pagination).toMatchObject({ page: 2, limit: 2, total: 3, pages: 2 });
    expect(second.notifications).toHaveLength(1);
  });
});

describe('who may ask', () => {
  it('an admin who loses the flag is refused on the next request', async () => {
    const other = await signInAs(app, deps, 'admin');
    expect((await get('/api/admin/dashboard', other.headers)).statusCode).toBe(200);
    await deps.users.revoke(other.user!.email, 'admin');
    const res = await get('/api/admin/dashboard', other.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Admin privileges required.', code: 'ADMIN_REQUIRED' });
  });

  it('a non-admin learns nothing about the query rules', async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await get('/api/admin/users?limit=9999', free.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/users?limit=9999', {})).statusCode).toBe(401);
  });
});
