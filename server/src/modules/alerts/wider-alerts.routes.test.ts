import { ALERT_MESSAGES, notificationSchema } from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { WIDER_ALERT_TEXTS, alertRouteNotInNetworkMessage } from '@gowild/contract/wider-alerts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * docs/product/alerts.md#kinds-of-alert, the API of the wider alerts (decisions 273, 274): POST
 * /api/notifications/origin-wide, /seats, /chain, and /window-open with a range. The clock is 10:00 in Denver on
 * 2026-07-15.
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const clock = manualClock(NOW);

let app: FastifyInstance;
let deps: AppDeps;
/** A hub H with DEN → H and H → MCO in the route network, for a two-flight chain. */
let hub: string;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock, jobs: noJobs } }));
  hub = deps.reference.destinationsFrom('DEN').find((h) => h !== 'MCO' && deps.reference.destinationsFrom(h).includes('MCO'))!;
}, 120_000);
afterAll(async () => {
  await deps.alertMailer.idle();
  await app.close();
});

const post = (who: SignedIn, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/notifications/${url}`, headers: who.headers, payload: payload as object });
const originWide = { origin_airport: 'DEN', travel_date: '2026-07-20', travel_date_to: '2026-07-22' };
const seats = { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: '2026-07-20', max_seats: 3 };
const chain = () => ({
  legs: [
    { origin_airport: 'DEN', destination_airport: hub, travel_date: '2026-07-20', flight_number: '1101' },
    { origin_airport: hub, destination_airport: 'MCO', travel_date: '2026-07-20', flight_number: '2202' },
  ],
});
const confirmations = async (id: string) =>
  (await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id))).filter(
    (d) => d.kind === 'confirmation',
  );

describe('who may create the wider alerts', () => {
  it.each(['origin-wide', 'seats', 'chain'])(
    '%s: a visitor hears 401 and a free user 403 PREMIUM_REQUIRED, before the body is read',
    async (url) => {
      const visitor = await signInAs(app, deps, 'visitor');
      const free = await signInAs(app, deps, 'free');
      const v = await post(visitor, url, { nonsense: 1 });
      expect(v.statusCode).toBe(401);
      expect(v.json()).toMatchObject({ error: ALERT_MESSAGES.loginRequired });
      const f = await post(free, url, { nonsense: 1 });
      expect(f.statusCode).toBe(403);
      expect(f.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
    },
  );
});

describe('any destination from an airport', () => {
  it('is stored with destination ANY and each date of its range, and queues a confirmation on every chosen channel', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'origin-wide', { ...originWide, origin_airport: 'den' });
    expect(res.statusCode, res.body).toBe(201);
    const { notification, message } = res.json();
    expect(message).toBe(WIDER_ALERT_TEXTS.originWideCreated);
    expect(notificationSchema.parse(notification)).toMatchObject({
      kind: 'origin_wide',
      origin_airport: 'DEN',
      destination_airport: 'ANY',
      travel_dates: ['2026-07-20', '2026-07-21', '2026-07-22'],
      max_price: null,
      gowild_only: true,
      channels: ['email'],
    });
    const [mail] = await confirmations(notification.id);
    expect(mail).toMatchObject({ channel: 'email', title: 'Alert set: any destination from DEN' });
    expect(mail!.textBody).toContain('Jul 20, 2026 to');
  });

  it('takes one date alone', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'origin-wide', { origin_airport: 'DEN', travel_date: '2026-07-20' });
    expect(res.json().notification.travel_dates).toEqual(['2026-07-20']);
  });

  it.each([
    [{ ...originWide, travel_date_to: '2026-07-19' }, WIDER_ALERT_TEXTS.rangeOrder],
    [{ ...originWide, travel_date_to: '2026-07-27' }, WIDER_ALERT_TEXTS.rangeTooLong],
    [{ ...originWide, origin_airport: '' }, ALERT_MESSAGES.originRequired],
    [{ ...originWide, travel_date: '2026-02-30' }, 'Travel dates must be real dates in YYYY-MM-DD format'],
  ])('refuses %o with 400 and its text', async (body, text) => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'origin-wide', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(text);
  });

  it('refuses a range that starts today (at the origin) or an airport off the network, with 400 BAD_REQUEST', async () => {
    const me = await signInAs(app, deps, 'premium');
    const today = await post(me, 'origin-wide', { origin_airport: 'DEN', travel_date: '2026-07-15', travel_date_to: '2026-07-17' });
    expect(today.json()).toMatchObject({ error: ALERT_MESSAGES.datesTomorrowOrLater, code: 'BAD_REQUEST' });
    const unknown = await post(me, 'origin-wide', { ...originWide, origin_airport: 'ZZZ' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('seats dropping to N or fewer', () => {
  it('is stored with its number', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'seats', seats);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(WIDER_ALERT_TEXTS.seatsCreated);
    expect(res.json().notification).toMatchObject({ kind: 'seats', max_seats: 3, travel_dates: ['2026-07-20'], gowild_only: true });
    const [mail] = await confirmations(res.json().notification.id);
    expect(mail!.textBody).toContain('3 seats or fewer');
  });

  it.each([0, 21, 2.5, '3', null])('refuses max_seats %o with 400 and its text', async (n) => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'seats', { ...seats, max_seats: n });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(WIDER_ALERT_TEXTS.seatsWhole);
  });

  it('refuses the same airports', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'seats', { ...seats, destination_airport: 'DEN' });
    expect(res.json().error).toBe(ALERT_MESSAGES.sameAirports);
  });
});

describe('every leg of a chain', () => {
  it('is stored with its flights, from the first origin to the last destination', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'chain', { ...chain(), channels: ['email'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(WIDER_ALERT_TEXTS.chainCreated);
    expect(res.json().notification).toMatchObject({
      kind: 'chain',
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_dates: ['2026-07-20'],
      legs: [
        { origin: 'DEN', destination: hub, date: '2026-07-20', flight_number: '1101' },
        { origin: hub, destination: 'MCO', date: '2026-07-20', flight_number: '2202' },
      ],
    });
    const [mail] = await confirmations(res.json().notification.id);
    expect(mail!.title).toBe(`Chain alert set: DEN → ${hub} → MCO`);
  });

  it('refuses one flight, four, a gap between flights, a day going back, a return to an airport, with 400 and the text', async () => {
    const me = await signInAs(app, deps, 'premium');
    const [a, b] = chain().legs;
    const cases: [unknown, string][] = [
      [{ legs: [a] }, WIDER_ALERT_TEXTS.chainLegs],
      [{ legs: [a, b, b, b] }, WIDER_ALERT_TEXTS.chainLegs],
      [{ legs: [a, { ...b, origin_airport: 'LAS' }] }, WIDER_ALERT_TEXTS.chainJoined],
      [{ legs: [a, { ...b, travel_date: '2026-07-19' }] }, WIDER_ALERT_TEXTS.chainDates],
      [{ legs: [a, { ...b, destination_airport: 'DEN' }] }, WIDER_ALERT_TEXTS.chainReturns],
      [{ legs: [a, { ...b, flight_number: ' ' }] }, WIDER_ALERT_TEXTS.flightNumberRequired],
    ];
    for (const [body, text] of cases) {
      const res = await post(me, 'chain', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(text);
    }
  });

  it('refuses a flight on a route the airline does not fly', async () => {
    const me = await signInAs(app, deps, 'premium');
    const off = deps.reference
      .destinationsFrom('DEN')
      .find((h) => h !== 'MCO' && !deps.reference.destinationsFrom(h).includes('MCO') && deps.reference.destinationsFrom(h).length > 0)!;
    const [a, b] = chain().legs;
    const res = await post(me, 'chain', {
      legs: [
        { ...a, destination_airport: off },
        { ...b, origin_airport: off },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(alertRouteNotInNetworkMessage(off, 'MCO'));
  });
});

describe('a window-open alert for a range of dates', () => {
  it('holds each date of the range and is due at the first one’s opening', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await post(me, 'window-open', {
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_date: '2026-07-17',
      travel_date_to: '2026-07-19',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(WINDOW_ALERT_TEXTS.createdRange);
    expect(res.json().notification).toMatchObject({
      kind: 'window_open',
      travel_dates: ['2026-07-17', '2026-07-18', '2026-07-19'],
      opens_at: '2026-07-16T06:00:00.000Z',
    });
  });

  it('is 409 when the first date’s window is open already, and 400 for a range of more than 7 days', async () => {
    const me = await signInAs(app, deps, 'premium');
    const open = await post(me, 'window-open', {
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_date: '2026-07-16',
      travel_date_to: '2026-07-18',
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe(WINDOW_ALERT_TEXTS.alreadyOpenRange);
    const long = await post(me, 'window-open', {
      origin_airport: 'DEN',
      destination_airport: 'MCO',
      travel_date: '2026-07-17',
      travel_date_to: '2026-07-24',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(WIDER_ALERT_TEXTS.rangeTooLong);
  });
});

describe('the limit of 3 active alerts', () => {
  it('counts every kind together: a fourth of any kind is 409', async () => {
    const me = await signInAs(app, deps, 'premium');
    expect((await post(me, 'origin-wide', originWide)).statusCode).toBe(201);
    expect((await post(me, 'seats', seats)).statusCode).toBe(201);
    expect((await post(me, 'chain', chain())).statusCode).toBe(201);
    for (const [url, body] of [
      ['origin-wide', originWide],
      ['seats', seats],
      ['chain', chain()],
      ['window-open', { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: '2026-07-18' }],
    ] as const) {
      const res = await post(me, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(ALERT_MESSAGES.maxAlertsReached);
    }
    const held = await deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.user!.id), eq(notifications.isCompleted, false)));
    expect(held.map((n) => n.kind).sort()).toEqual(['chain', 'origin_wide', 'seats']);
  });

  it('lists every kind, and deletes any of them', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = (await post(me, 'chain', chain())).json().notification.id;
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: me.headers });
    expect(list.json().notifications.map((n: { kind: string }) => n.kind)).toEqual(['chain']);
    const del = await app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: me.headers });
    expect(del.statusCode).toBe(200);
  });
});

describe('the API documents each call', () => {
  it.each([
    ['origin-wide', ['channels', 'origin_airport', 'travel_date', 'travel_date_to']],
    ['seats', ['channels', 'destination_airport', 'max_seats', 'origin_airport', 'travel_date']],
    ['chain', ['channels', 'legs']],
  ])('%s', async (url, fields) => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths[`/api/notifications/${url}`]?.post;
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties).sort()).toEqual(fields);
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '403', '409']);
  });
});
