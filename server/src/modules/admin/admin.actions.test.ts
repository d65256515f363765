import { utcDateOf, todayUtc } from '@gowild/contract/dates';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { notifications, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { ROLES, type SignedIn, buildAccountsTestApp, createUser, logSearch, signInAs } from '../../test/factories';
import { eq } from 'drizzle-orm';

const clock = manualClock(new Date('2026-07-15T12:00:00Z'));
const DAY = 86_400_000;
let app: FastifyInstance;
let deps: AppDeps;
let admin: SignedIn;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock } }));
  admin = await signInAs(app, deps, 'admin', { firstName: 'Olive', lastName: 'Operator' });
});
afterAll(async () => {
  await app.close();
});

const call = (request: InjectOptions, headers: Record<string, string> = admin.headers) => app.inject({ ...request, headers });
const get = (url: string, headers = admin.headers) => call({ method: 'GET', url }, headers);
const act = (id: string, action: string, headers = admin.headers) =>
  call({ method: 'POST', url: `/api/admin/users/${id}/actions`, payload: { action } }, headers);

describe('who may call', () => {
  const adminOnly = { visitor: 401, free: 403, premium: 403, admin: 200, deactivated: 401 };
  const requests: [string, (target: string) => InjectOptions][] = [
    ['users', () => ({ method: 'GET', url: '/api/admin/users' })],
    ['searches', () => ({ method: 'GET', url: '/api/admin/searches' })],
    ['notifications', () => ({ method: 'GET', url: '/api/admin/notifications' })],
    ['dashboard', () => ({ method: 'GET', url: '/api/admin/dashboard' })],
    ['audit', () => ({ method: 'GET', url: '/api/admin/audit' })],
    ['blackouts', () => ({ method: 'GET', url: '/api/admin/blackouts' })],
    ['user action', (t) => ({ method: 'POST', url: `/api/admin/users/${t}/actions`, payload: { action: 'grant_premium' } })],
  ];
  it.each(requests)('%s: 401 visitors and closed accounts, 403 non-admins, 200 admins', async (_name, request) => {
    const target = await createUser(deps);
    for (const role of ROLES) {
      const caller = await signInAs(app, deps, role);
      const res = await call(request(target.id), caller.headers);
      expect({ role, status: res.statusCode }).toEqual({ role, status: adminOnly[role] });
      if (adminOnly[role] === 403) expect(res.json()).toMatchObject({ error: 'Admin privileges required.', code: 'ADMIN_REQUIRED' });
    }
  });

  it('a non-admin learns nothing about the body rules of an action, and nothing changes', async () => {
    const free = await signInAs(app, deps, 'free');
    const res = await call({ method: 'POST', url: '/api/admin/users/not-an-id/actions', payload: { action: 'make_god' } }, free.headers);
    expect(res.statusCode).toBe(403);
    const self = await act(free.user!.id, 'grant_admin', free.headers);
    expect(self.statusCode).toBe(403);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, free.user!.id));
    expect(row!.isAdmin).toBe(false);
  });
});

describe('paging', () => {
  it.each(['page=0', 'page=-1', 'limit=0', 'limit=101', 'limit=abc', 'as_of=yesterday'])('refuses %s with 400', async (qs) => {
    for (const list of ['users', 'searches', 'notifications', 'audit']) {
      const res = await get(`/api/admin/${list}?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('takes limit 1 and 100, and a page past the end is empty with the real totals', async () => {
    expect((await get('/api/admin/users?limit=1')).json().users).toHaveLength(1);
    const all = (await get('/api/admin/users?limit=100')).json();
    expect(all.pagination.limit).toBe(100);
    const past = (await get(`/api/admin/users?page=${all.pagination.pages + 1}&limit=100`)).json();
    expect(past.users).toEqual([]);
    expect(past.pagination).toMatchObject({ total: all.pagination.total, pages: all.pagination.pages });
  });

  it('pages through a fixed snapshot: users signing up meanwhile neither repeat nor push rows to the next page', async () => {
    const tag = `snap${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await createUser(deps, { email: `${tag}-${i}@example.com`, createdAt: clock.now() });
    }
    const first = (await get(`/api/admin/users?q=${tag}&limit=2`)).json();
    expect(first.pagination).toMatchObject({ total: 5, pages: 3 });
    // Two more sign up between page 1 and page 2.
    for (let i = 5; i < 7; i++) {
      clock.advance(1000);
      await createUser(deps, { email: `${tag}-${i}@example.com`, createdAt: clock.now() });
    }
    const asOf = encodeURIComponent(first.pagination.as_of);
    const pages = [first.users];
    for (const page of [2, 3]) pages.push((await get(`/api/admin/users?q=${tag}&limit=2&page=${page}&as_of=${asOf}`)).json().users);
    const emails = pages.flat().map((u: { email: string }) => u.email);
    expect(emails).toEqual([4, 3, 2, 1, 0].map((i) => `${tag}-${i}@example.com`));
    // Without the snapshot the newcomers are on page 1.
    const fresh = (await get(`/api/admin/users?q=${tag}&limit=2`)).json();
    expect(fresh.pagination.total).toBe(7);
    expect(fresh.users[0].email).toBe(`${tag}-6@example.com`);
  });
});

describe('filters', () => {
  let carla: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    carla = await createUser(deps, { email: 'carla.filter@example.com', firstName: 'Carla', lastName: 'Quintero' });
    await createUser(deps, { email: 'trialist.filter@example.com', isTrial: true, isPremium: true, trialEnd: 1_800_000_000 });
    await createUser(deps, { email: 'gone.filter@example.com', isActive: false });
    const at = (days: number) => new Date(clock.now().getTime() - days * DAY);
    const entry = (origin: string | null, type: string, days: number) =>
      logSearch(deps, {
        userId: carla.id,
        originAirport: origin,
        destinationAirport: type === 'inbound' ? 'BOI' : null,
        searchType: type,
        searchDate: '2026-07-20',
        resultsFound: 1,
        totalFlights: 2,
        createdAt: at(days),
      });
    await entry('BOI', 'search', 0);
    await entry('CITY:BOI', 'search', 1);
    await entry('boi', 'single', 1);
    await entry(null, 'inbound', 1);
    const alert = (extra: Partial<typeof notifications.$inferInsert>) =>
      deps.database.db.insert(notifications).values({
        userId: carla.id,
        originAirport: 'BOI',
        destinationAirport: 'GEG',
        travelDates: ['2026-07-20'],
        maxPriceCents: 8000,
        createdAt: clock.now(),
        ...extra,
      });
    await alert({});
    await alert({ isActive: false });
    await alert({ isCompleted: true, foundPriceCents: 1900 });
    await alert({ isCompleted: true });
  });

  it('finds users by part of the e-mail or the name, any case', async () => {
    const byEmail = (await get('/api/admin/users?q=CARLA.FILTER')).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([carla.id]);
    expect(byEmail.users[0]).toMatchObject({ search_count: 4, notification_count: 4, premium_granted: false });
    expect((await get('/api/admin/users?q=carla%20quin')).json().users.map((u: { id: string }) => u.id)).toEqual([carla.id]);
    // LIKE wildcards are taken literally.
    expect((await get('/api/admin/users?q=%25')).json().users).toEqual([]);
    expect((await get('/api/admin/users?q=')).json().pagination.total).toBeGreaterThan(3);
  });

  it('filters users by plan', async () => {
    const emails = async (plan: string) =>
      (await get(`/api/admin/users?plan=${plan}&limit=100`)).json().users.map((u: { email: string }) => u.email) as string[];
    expect(await emails('trial')).toContain('trialist.filter@example.com');
    expect(await emails('premium')).toContain('trialist.filter@example.com');
    expect(await emails('free')).toContain('carla.filter@example.com');
    expect(await emails('free')).not.toContain('gone.filter@example.com');
    const inactive = (await get('/api/admin/users?plan=inactive&limit=100')).json().users;
    expect(inactive.map((u: { email: string }) => u.email)).toContain('gone.filter@example.com');
    expect(inactive.every((u: { is_active: boolean }) => !u.is_active)).toBe(true);
    expect(await emails('admin')).toContain(admin.user!.email);
    expect(await emails('admin')).not.toContain('carla.filter@example.com');
    expect((await get('/api/admin/users?plan=gold')).statusCode).toBe(400);
  });

  it('filters searches by origin (any case), type and UTC day', async () => {
    const list = async (qs: string) => (await get(`/api/admin/searches?${qs}`)).json();
    expect((await list('origin=boi')).pagination.total).toBe(2);
    expect((await list('origin=CITY:BOI')).searches).toHaveLength(1);
    expect((await list('origin=BOI&type=single')).searches[0]).toMatchObject({ search_type: 'single', origin_airport: 'boi' });
    const yesterday = utcDateOf(clock.now().getTime() - DAY);
    const day = await list(`day=${yesterday}&type=inbound`);
    expect(day.searches).toHaveLength(1);
    expect(day.searches[0]).toMatchObject({ origin_airport: null, destination_airport: 'BOI' });
    expect((await get('/api/admin/searches?type=outbound')).statusCode).toBe(400);
    expect((await get('/api/admin/searches?day=2026-02-30')).statusCode).toBe(400);
  });

  it('filters alerts by status', async () => {
    const statuses = async (status: string) =>
      (await get(`/api/admin/notifications?status=${status}&limit=100`))
        .json()
        .notifications.filter((n: { user: { email: string } }) => n.user.email === carla.email);
    expect(await statuses('active')).toHaveLength(1);
    expect((await statuses('inactive'))[0]).toMatchObject({ is_active: false, is_completed: false });
    expect((await statuses('found'))[0]).toMatchObject({ is_completed: true, found_price: 19 });
    expect((await statuses('date_passed'))[0]).toMatchObject({ is_completed: true, found_price: null });
    expect((await get('/api/admin/notifications?status=done')).statusCode).toBe(400);
  });
});

describe('user actions', () => {
  it('grants premium as the operator grant, and removing it leaves a paying subscriber premium', async () => {
    const target = await signInAs(app, deps, 'free');
    const granted = await act(target.user!.id, 'grant_premium');
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user).toMatchObject({ is_premium: true, premium_granted: true, subscription_premium: false });
    expect(granted.json().audit).toMatchObject({
      action: 'grant_premium',
      actor: { id: admin.user!.id, email: admin.user!.email },
      target: target.user!.email,
      target_user_id: target.user!.id,
      before: { is_premium: false, premium_granted: false },
      after: { is_premium: true, premium_granted: true },
    });
    // The user's own session sees it on the next request: unlimited searches.
    const usage = (await get('/api/auth/search-usage', target.headers)).json();
    expect(usage.is_premium).toBe(true);

    await deps.users.applySubscription(target.user!.id, { premium: true, isTrial: false, trialEnd: null });
    const revoked = (await act(target.user!.id, 'revoke_premium')).json();
    expect(revoked.user).toMatchObject({ is_premium: true, premium_granted: false, subscription_premium: true });
    await deps.users.applySubscription(target.user!.id, { premium: false, isTrial: false, trialEnd: null });
    const free = (await get('/api/auth/search-usage', target.headers)).json();
    expect(free.is_premium).toBe(false);
  });

  it('deactivating ends the user’s sessions at once; reactivating lets them sign in again', async () => {
    const target = await signInAs(app, deps, 'free');
    expect((await get('/api/auth/search-usage', target.headers)).statusCode).toBe(200);
    const res = await act(target.user!.id, 'deactivate');
    expect(res.statusCode).toBe(200);
    expect(res.json().audit).toMatchObject({ action: 'deactivate', before: { is_active: true }, after: { is_active: false } });
    expect((await get('/api/auth/search-usage', target.headers)).statusCode).toBe(401);
    const login = () =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.user!.email, password: target.user!.password } });
    expect((await login()).statusCode).toBe(403);
    expect((await act(target.user!.id, 'reactivate')).json().user.is_active).toBe(true);
    expect((await login()).statusCode).toBe(200);
  });

  it('grants and removes admin, and the new admin can use the API', async () => {
    const target = await signInAs(app, deps, 'free');
    expect((await act(target.user!.id, 'grant_admin')).json().user.is_admin).toBe(true);
    expect((await get('/api/admin/dashboard', target.headers)).statusCode).toBe(200);
    expect((await act(target.user!.id, 'revoke_admin')).json().user.is_admin).toBe(false);
    expect((await get('/api/admin/dashboard', target.headers)).statusCode).toBe(403);
  });

  it('refuses unknown users, bad ids and unknown actions', async () => {
    const unknown = await act('00000000-0000-4000-8000-000000000000', 'grant_premium');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('User not found');
    expect((await act('nope', 'grant_premium')).statusCode).toBe(400);
    const target = await createUser(deps);
    const bad = await act(target.id, 'make_god');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('the last admin', () => {
  it('an admin cannot remove their own admin rights or deactivate themselves', async () => {
    for (const action of ['revoke_admin', 'deactivate']) {
      const res = await act(admin.user!.id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('You cannot remove your own admin rights or deactivate your own account.');
    }
    expect((await get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('two admins removing each other at once: one wins, the other is refused, an admin remains', async () => {
    const a = await signInAs(app, deps, 'admin');
    const b = await signInAs(app, deps, 'admin');
    const [ab, ba] = await Promise.all([act(b.user!.id, 'revoke_admin', a.headers), act(a.user!.id, 'revoke_admin', b.headers)]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
    const rows = await deps.database.db.select().from(users).where(eq(users.isAdmin, true));
    const ids = rows.map((r) => r.id);
    expect(ids.includes(a.user!.id) !== ids.includes(b.user!.id)).toBe(true);
  });

  it('an admin deactivating the other admin, while that one deactivates them, leaves one active admin', async () => {
    const a = await signInAs(app, deps, 'admin');
    const b = await signInAs(app, deps, 'admin');
    const [ab, ba] = await Promise.all([act(b.user!.id, 'deactivate', a.headers), act(a.user!.id, 'deactivate', b.headers)]);
    // The loser is refused: 403 if it got past sign-in before its account closed, else 401 (its session ended).
    const statuses = [ab.statusCode, ba.statusCode];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.find((s) => s !== 200)).toBeOneOf([401, 403]);
    const rows = await deps.database.db.select().from(users).where(eq(users.isActive, false));
    expect(rows.map((r) => r.id).filter((id) => id === a.user!.id || id === b.user!.id)).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('lists every action newest first with who, what and before/after', async () => {
    const target = await createUser(deps, { email: `audited-${Date.now()}@example.com` });
    clock.advance(1000);
    await act(target.id, 'grant_premium');
    clock.advance(1000);
    await act(target.id, 'revoke_premium');
    const { entries, pagination } = (await get('/api/admin/audit?limit=2')).json();
    expect(pagination.total).toBeGreaterThanOrEqual(2);
    expect(entries.map((e: { action: string; target: string }) => [e.action, e.target])).toEqual([
      ['revoke_premium', target.email],
      ['grant_premium', target.email],
    ]);
    expect(entries[0]).toMatchObject({
      actor: { email: admin.user!.email },
      before: { premium_granted: true },
      after: { premium_granted: false },
    });
  });
});

describe('blackout dates and routes', () => {
  it('adds a range and removes a date, as the CLI does, each audited', async () => {
    const added = await call({
      method: 'POST',
      url: '/api/admin/blackouts',
      payload: { start: '2027-03-01', end: '2027-03-03', label: 'Spring' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().blackout_dates).toEqual(expect.arrayContaining(['2027-03-01', '2027-03-02', '2027-03-03']));
    expect(added.json().audit).toMatchObject({
      action: 'blackouts_add',
      after: { dates: ['2027-03-01', '2027-03-02', '2027-03-03'], label: 'Spring' },
    });
    expect(deps.reference.isBlackout('2027-03-02')).toBe(true);
    const removed = await call({ method: 'DELETE', url: '/api/admin/blackouts/2027-03-02' });
    expect(removed.json().audit).toMatchObject({ action: 'blackout_remove', before: { date: '2027-03-02' } });
    expect(deps.reference.isBlackout('2027-03-02')).toBe(false);
    const again = await call({ method: 'DELETE', url: '/api/admin/blackouts/2027-03-02' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('That date is not a blackout date');
    const backwards = await call({ method: 'POST', url: '/api/admin/blackouts', payload: { start: '2027-03-05', end: '2027-03-01' } });
    expect(backwards.statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/api/admin/blackouts', payload: { start: '03/01/2027' } })).statusCode).toBe(400);
  });

  it('replaces the route network and reports what changed; refuses bad codes', async () => {
    const before = deps.reference.routes();
    try {
      const res = await call({
        method: 'PUT',
        url: '/api/admin/routes',
        payload: {
          routes: [
            { origin: 'DEN', destination: 'LAS' },
            { origin: 'LAS', destination: 'DEN' },
            { origin: 'DEN', destination: 'DEN' },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ routes: 2, skipped: 1, added: [], dry_run: false, audit: { action: 'routes_import' } });
      expect(deps.reference.routes()).toHaveLength(2);
      expect(
        (await call({ method: 'PUT', url: '/api/admin/routes', payload: { routes: [{ origin: 'den', destination: 'LAS' }] } })).statusCode,
      ).toBe(400);
      expect((await call({ method: 'PUT', url: '/api/admin/routes', payload: { routes: [] } })).statusCode).toBe(400);
    } finally {
      await deps.reference.replaceRoutes(before);
    }
  });

  it('a dry-run refresh from the airline reports without changing or auditing', async () => {
    const auditBefore = (await get('/api/admin/audit')).json().pagination.total;
    const res = await call({ method: 'POST', url: '/api/admin/routes/refresh', payload: { dry_run: true } });
    expect([200, 503]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ dry_run: true, routes: expect.any(Number) });
    else expect(res.json().error).toMatch(/^The airline did not give its route network/);
    expect((await get('/api/admin/audit')).json().pagination.total).toBe(auditBefore);
  });
});

describe('dashboard', () => {
  it('counts searches and sign-ups per UTC day for 30 days, plans, and the service’s own figures', async () => {
    const before = (await get('/api/admin/dashboard')).json();
    const tenDaysAgo = new Date(clock.now().getTime() - 10 * DAY);
    await createUser(deps, { createdAt: tenDaysAgo, isPremium: true, premiumGranted: true });
    await logSearch(deps, {
      userId: null,
      originAirport: 'DEN',
      destinationAirport: null,
      searchType: 'search',
      searchDate: null,
      resultsFound: 0,
      totalFlights: 0,
      createdAt: tenDaysAgo,
    });
    const hits = deps.metrics.getSingleMetric('flight_cache_hits_total') as unknown as { inc(n: number): void };
    const misses = deps.metrics.getSingleMetric('flight_cache_misses_total') as unknown as { inc(n: number): void };
    hits.inc(3);
    misses.inc(1);
    const body = (await get('/api/admin/dashboard')).json();
    const day = utcDateOf(tenDaysAgo);
    const at = (list: { day: string; count: number }[]) => list.find((d) => d.day === day)!.count;
    expect(body.search_breakdown.searches_per_day).toHaveLength(30);
    expect(body.search_breakdown.searches_per_day.at(-1).day).toBe(todayUtc(clock.now()));
    expect(at(body.search_breakdown.searches_per_day)).toBe(at(before.search_breakdown.searches_per_day) + 1);
    expect(at(body.users_breakdown.signups_per_day)).toBe(at(before.users_breakdown.signups_per_day) + 1);
    expect(body.users_breakdown.premium).toBe(before.users_breakdown.premium + 1);
    expect(body.service.cache_hits - before.service.cache_hits).toBe(3);
    expect(body.service.cache_misses - before.service.cache_misses).toBe(1);
    expect(body.service.cache_hit_ratio).toBeCloseTo(body.service.cache_hits / (body.service.cache_hits + body.service.cache_misses));
    expect(body.service.breaker_state).toBe('closed');
  });
});
