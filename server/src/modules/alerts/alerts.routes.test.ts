import { addDays } from '@gowild/contract/dates';
import { ALERT_MESSAGES, alertCreatedFromPage, notificationSchema } from '@gowild/contract/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { manualClock } from '../../lib/clock';
import { readOutbox } from '../../providers/email/outbox-reader';
import { ROLES, type Role, type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * docs/product/alerts.md#alerts-api: every rule and text of the three calls, on the server. The clock is pinned to
 * 10:00 in Denver on 2026-07-15, so "tomorrow at the origin" is 2026-07-16 there.
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const TODAY = '2026-07-15';
const TOMORROW = '2026-07-16';
const clock = manualClock(NOW);
/** The checker stays off: these tests drive the API alone. */
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
beforeAll(async () => {
  ({ app, deps, dataDir } = await buildAccountsTestApp({ deps: { clock, jobs: noJobs } }));
}, 120_000);
afterAll(async () => {
  await deps.alertMailer.idle();
  await app.close();
});

const valid = { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [TOMORROW], max_price: 49.99, gowild_only: true };
const create = (who: SignedIn, payload: unknown = valid) =>
  app.inject({ method: 'POST', url: '/api/notifications', headers: who.headers, payload: payload as object });
const list = (who: SignedIn, qs = '') => app.inject({ method: 'GET', url: `/api/notifications${qs}`, headers: who.headers });
const remove = (who: SignedIn, id: string) => app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: who.headers });
const complete = (id: string, foundPrice: number | null) =>
  deps.database.db
    .update(notifications)
    .set({
      isCompleted: true,
      foundPriceCents: foundPrice === null ? null : Math.round(foundPrice * 100),
      foundTravelDate: foundPrice === null ? null : TOMORROW,
    })
    .where(eq(notifications.id, id));

describe('who may use alerts', () => {
  it('a visitor hears 401 with the alert login text, whatever the body', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    for (const res of [await create(visitor), await create(visitor, { nonsense: true }), await list(visitor), await remove(visitor, 'x')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: ALERT_MESSAGES.loginRequired, code: 'UNAUTHORIZED' });
    }
  });

  it('a free user hears 403 PREMIUM_REQUIRED with the premium text, before any validation', async () => {
    const free = await signInAs(app, deps, 'free');
    for (const res of [await create(free), await create(free, { max_price: -1 }), await list(free, '?include_completed=maybe')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: ALERT_MESSAGES.premiumRequired,
        message: ALERT_MESSAGES.premiumRequired,
        code: 'PREMIUM_REQUIRED',
      });
    }
  });

  type Expect = Record<Role, number>;
  const premiumOnly = (ok: number): Expect => ({ visitor: 401, free: 403, premium: ok, admin: 403, deactivated: 401 });
  const matrix: [string, (who: SignedIn) => InjectOptions, Expect][] = [
    [
      'POST /api/notifications',
      (who) => ({ method: 'POST', url: '/api/notifications', headers: who.headers, payload: valid }),
      premiumOnly(201),
    ],
    ['GET /api/notifications', (who) => ({ method: 'GET', url: '/api/notifications', headers: who.headers }), premiumOnly(200)],
    [
      'DELETE /api/notifications/:id (an unknown id)',
      (who) => ({ method: 'DELETE', url: '/api/notifications/00000000-0000-4000-8000-000000000000', headers: who.headers }),
      premiumOnly(404),
    ],
  ];
  describe.each(matrix)('role × route: %s', (_name, request, expected) => {
    it.each(ROLES)('%s', async (role) => {
      const who = await signInAs(app, deps, role);
      expect((await app.inject(request(who))).statusCode).toBe(expected[role]);
    });
  });

  it('an admin who is also premium may use alerts', async () => {
    const both = await signInAs(app, deps, 'admin', { isPremium: true });
    expect((await create(both)).statusCode).toBe(201);
  });
});

describe('POST /api/notifications', () => {
  it('stores the price in whole cents, and answers it in dollars', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await create(me, { ...valid, max_price: 49.99 });
    expect(res.statusCode).toBe(201);
    const [row] = await deps.database.db.select().from(notifications).where(eq(notifications.id, res.json().notification.id));
    expect(row!.maxPriceCents).toBe(4999);
    expect(res.json().notification.max_price).toBe(49.99);
  });

  it('creates the alert (codes normalised, distinct dates sorted) and queues the confirmation e-mail', async () => {
    const me = await signInAs(app, deps, 'premium', { firstName: 'Greta' });
    const res = await create(me, {
      origin_airport: ' den ',
      destination_airport: 'mco',
      travel_dates: ['2026-07-20', TOMORROW, '2026-07-20'],
      max_price: 49.99,
      gowild_only: true,
      phone_number: '+1 303 555 0100',
      sms_consent: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(alertCreatedFromPage(2));
    expect(notificationSchema.strict().parse(body.notification)).toEqual({
      id: expect.any(String),
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_dates: [TOMORROW, '2026-07-20'],
      max_price: 49.99,
      gowild_only: true,
      phone_number: '+1 303 555 0100',
      sms_consent: true,
      is_active: true,
      is_completed: false,
      found_price: null,
      found_travel_date: null,
      notification_sent: false,
      created_at: NOW.toISOString(),
      last_checked_at: null,
      channels: ['email'],
      kind: 'price',
      opens_at: null,
      window_result: null,
      found_seats: null,
      max_seats: null,
      legs: null,
      found_destination: null,
    });

    await deps.alertMailer.idle();
    const [mail, ...more] = await readOutbox(dataDir, { to: me.user!.email });
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Flight alert set: DEN → MCO');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Hi Greta');
      expect(part).toContain('Denver (DEN) → Orlando (MCO)');
      expect(part).toContain('Thu, Jul 16, 2026');
      expect(part).toContain('Mon, Jul 20, 2026');
      expect(part).toContain('$49.99');
      expect(part).toContain('GoWild fares only');
    }
  });

  it('defaults gowild_only and sms_consent to false and a blank phone to null', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await create(me, {
      origin_airport: 'DEN',
      destination_airport: 'LAS',
      travel_dates: [TOMORROW],
      max_price: 80,
      phone_number: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification).toMatchObject({ gowild_only: false, sms_consent: false, phone_number: null, max_price: 80 });
  });

  const six = [1, 2, 3, 4, 5, 6].map((n) => addDays(TODAY, n));
  const refusals: [string, Record<string, unknown>, string][] = [
    ['no origin', { origin_airport: undefined }, ALERT_MESSAGES.originRequired],
    ['a blank origin', { origin_airport: '  ' }, ALERT_MESSAGES.originRequired],
    ['no destination', { destination_airport: undefined }, ALERT_MESSAGES.destinationRequired],
    ['the same airports', { destination_airport: 'den' }, ALERT_MESSAGES.sameAirports],
    ['no dates', { travel_dates: [] }, ALERT_MESSAGES.datesRequired],
    ['dates missing', { travel_dates: undefined }, ALERT_MESSAGES.datesRequired],
    ['six dates', { travel_dates: six }, ALERT_MESSAGES.tooManyDates],
    ['a price of 0', { max_price: 0 }, ALERT_MESSAGES.priceAboveZero],
    ['a negative price', { max_price: -5 }, ALERT_MESSAGES.priceAboveZero],
    ['a price that is not a number', { max_price: 'cheap' }, ALERT_MESSAGES.priceAboveZero],
    ['no price', { max_price: undefined }, ALERT_MESSAGES.priceAboveZero],
    // Prices are JSON numbers: coercion used to read true as $1, [7] as $7 and '49.99' as $49.99.
    ['a price of true', { max_price: true }, ALERT_MESSAGES.priceAboveZero],
    ['a price of [7]', { max_price: [7] }, ALERT_MESSAGES.priceAboveZero],
    ['a price as a string', { max_price: '49.99' }, ALERT_MESSAGES.priceAboveZero],
    // At least the forms' minimum of $1, in whole cents: $0.001 used to be stored as $0.
    ['a price of $0.001', { max_price: 0.001 }, ALERT_MESSAGES.priceAtLeastOne],
    ['a price of $0.99', { max_price: 0.99 }, ALERT_MESSAGES.priceAtLeastOne],
    ['a fraction of a cent', { max_price: 10.005 }, ALERT_MESSAGES.priceWholeCents],
    ['today', { travel_dates: [TODAY] }, ALERT_MESSAGES.datesTomorrowOrLater],
    ['a past date among good ones', { travel_dates: [TOMORROW, '2026-07-01'] }, ALERT_MESSAGES.datesTomorrowOrLater],
    ['a date more than a year ahead', { travel_dates: [addDays(TODAY, 366)] }, ALERT_MESSAGES.datesTooFar],
    ['a date that does not exist', { travel_dates: ['2026-02-30'] }, 'Travel dates must be real dates in YYYY-MM-DD format'],
    ['an unknown airport', { destination_airport: 'QQQ' }, 'Unknown airport code: QQQ'],
    ['a city instead of an airport', { origin_airport: 'CITY:NYC' }, 'Airport must be a 3-letter airport code'],
    ['an airport outside the network', { destination_airport: 'JFK' }, "JFK is not an airport in the airline's route network"],
  ];
  it.each(refusals)('refuses %s with 400 and its text', async (_name, change, text) => {
    const me = await signInAs(app, deps, 'premium');
    const res = await create(me, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: text, message: text });
    expect((await list(me)).json().notifications).toEqual([]);
  });

  it('refuses a body that is not an object, or not JSON, with 400', async () => {
    const me = await signInAs(app, deps, 'premium');
    for (const payload of ['[]', '"x"', '{not json']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('"tomorrow" is tomorrow at the origin airport, not in UTC', async () => {
    // 03:30 UTC on the 16th is still the evening of the 15th in Denver: the 16th is tomorrow there.
    clock.set(new Date('2026-07-16T03:30:00Z'));
    try {
      const me = await signInAs(app, deps, 'premium');
      expect((await create(me, { ...valid, travel_dates: [TOMORROW] })).statusCode).toBe(201);
      // From Cancún (UTC−5) the same instant is 22:30 on the 15th too; from an airport already on the 16th it is today.
      expect((await create(me, { ...valid, origin_airport: 'CUN', destination_airport: 'DEN', travel_dates: [TOMORROW] })).statusCode).toBe(
        201,
      );
    } finally {
      clock.set(NOW);
    }
  });
});

describe('the limit of 3 active alerts', () => {
  it('refuses a fourth with 409, counts neither completed nor deleted alerts', async () => {
    const me = await signInAs(app, deps, 'premium');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(me)).json().notification.id);
    const fourth = await create(me);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ error: ALERT_MESSAGES.maxAlertsReached, code: 'CONFLICT' });

    expect((await remove(me, ids[0]!)).statusCode).toBe(200);
    expect((await create(me)).statusCode).toBe(201);
    await complete(ids[1]!, 29);
    expect((await create(me)).statusCode).toBe(201);
    expect((await create(me)).statusCode).toBe(409);
  });

  it('holds under 20 concurrent creates with room for one: exactly one is created', async () => {
    const me = await signInAs(app, deps, 'premium');
    expect((await create(me)).statusCode).toBe(201);
    expect((await create(me)).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 20 }, () => create(me)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await list(me)).json().notifications).toHaveLength(3);
  });

  it('is per user', async () => {
    const a = await signInAs(app, deps, 'premium');
    const b = await signInAs(app, deps, 'premium');
    for (let i = 0; i < 3; i++) expect((await create(a)).statusCode).toBe(201);
    expect((await create(b)).statusCode).toBe(201);
  });
});

describe('GET /api/notifications', () => {
  it("lists only the caller's alerts, newest first; completed ones with include_completed", async () => {
    const me = await signInAs(app, deps, 'premium');
    const other = await signInAs(app, deps, 'premium');
    await create(other);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      ids.push((await create(me)).json().notification.id);
    }
    await complete(ids[0]!, 42.5);
    await complete(ids[1]!, null);
    const open = (await list(me)).json().notifications;
    expect(open.map((n: { id: string }) => n.id)).toEqual([ids[2]]);
    for (const qs of ['?include_completed=false', '?include_completed=0'])
      expect((await list(me, qs)).json().notifications.map((n: { id: string }) => n.id)).toEqual([ids[2]]);
    const all = (await list(me, '?include_completed=true')).json().notifications;
    expect(all.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all[2]).toMatchObject({ is_completed: true, found_price: 42.5, found_travel_date: TOMORROW });
    expect(all[1]).toMatchObject({ is_completed: true, found_price: null, found_travel_date: null });
    expect((await list(me, '?include_completed=1')).json().notifications).toHaveLength(3);
  });

  it('refuses an include_completed that is not true or false', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await list(me, '?include_completed=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'include_completed must be true or false', code: 'VALIDATION_FAILED' });
  });
});

describe('DELETE /api/notifications/:id', () => {
  it("deletes the caller's open alert once; then it is 404", async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = (await create(me)).json().notification.id;
    const res = await remove(me, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALERT_MESSAGES.deleted });
    const again = await remove(me, id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: ALERT_MESSAGES.notFound, code: 'NOT_FOUND' });
  });

  it("answers 404 for another user's alert and leaves it in place", async () => {
    const owner = await signInAs(app, deps, 'premium');
    const stranger = await signInAs(app, deps, 'premium');
    const id = (await create(owner)).json().notification.id;
    const res = await remove(stranger, id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ALERT_MESSAGES.notFound);
    expect((await list(owner)).json().notifications.map((n: { id: string }) => n.id)).toEqual([id]);
  });

  it('answers 404 for an id that is not one (414 for one longer than a route parameter may be)', async () => {
    const me = await signInAs(app, deps, 'premium');
    for (const id of ['42', 'not-a-uuid', "1'; drop table notifications; --", 'x'.repeat(90)])
      expect((await remove(me, encodeURIComponent(id))).statusCode).toBe(404);
    expect((await remove(me, 'x'.repeat(300))).statusCode).toBe(414);
  });

  it('refuses a completed alert with 409', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = (await create(me)).json().notification.id;
    await complete(id, 30);
    const res = await remove(me, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: ALERT_MESSAGES.completedCannotBeDeleted, code: 'CONFLICT' });
    expect((await list(me, '?include_completed=true')).json().notifications).toHaveLength(1);
  });
});
