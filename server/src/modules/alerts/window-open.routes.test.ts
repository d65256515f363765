import { ALERT_MESSAGES, notificationSchema } from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { manualClock } from '../../lib/clock';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * docs/product/alerts.md#tell-me-when-gowild-opens, the API: POST /api/notifications/window-open. The clock is 10:00
 * in Denver on 2026-07-15: DEN → MCO's window for the 16th opened at midnight (Denver), the 17th's opens at 00:00 on
 * the 16th, 06:00 UTC.
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const clock = manualClock(NOW);
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock, jobs: noJobs } }));
}, 120_000);
afterAll(async () => {
  await deps.alertMailer.idle();
  await app.close();
});

const valid = { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: '2026-07-17' };
const createWindow = (who: SignedIn, payload: unknown = valid) =>
  app.inject({ method: 'POST', url: '/api/notifications/window-open', headers: who.headers, payload: payload as object });
const createPrice = (who: SignedIn) =>
  app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: who.headers,
    payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: ['2026-07-20'], max_price: 49, gowild_only: true },
  });

describe('who may create a window-open alert', () => {
  it('a visitor hears 401 and a free user 403 PREMIUM_REQUIRED, before the body is read', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    const free = await signInAs(app, deps, 'free');
    expect((await createWindow(visitor, { nonsense: 1 })).json()).toMatchObject({ error: ALERT_MESSAGES.loginRequired });
    const res = await createWindow(free, { nonsense: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
  });
});

describe('creating one', () => {
  it('a premium user sets it for a date whose window is shut: it is listed with its opening, and a confirmation is queued', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await createWindow(me, { ...valid, origin_airport: 'den' });
    expect(res.statusCode).toBe(201);
    const { notification, message } = res.json();
    expect(message).toBe(WINDOW_ALERT_TEXTS.created);
    expect(notificationSchema.parse(notification)).toMatchObject({
      kind: 'window_open',
      origin_airport: 'DEN',
      travel_dates: ['2026-07-17'],
      max_price: null,
      opens_at: '2026-07-16T06:00:00.000Z',
      window_result: null,
      is_completed: false,
    });
    const listed = (await app.inject({ method: 'GET', url: '/api/notifications', headers: me.headers })).json().notifications;
    expect(listed.map((n: { id: string; kind: string }) => [n.id, n.kind])).toEqual([[notification.id, 'window_open']]);
    const emails = await deps.database.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.notificationId, notification.id), eq(alertDeliveries.kind, 'confirmation')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.title).toBe('Window alert set: DEN → MCO');
    // It can be deleted like any alert not completed.
    expect((await app.inject({ method: 'DELETE', url: `/api/notifications/${notification.id}`, headers: me.headers })).statusCode).toBe(
      200,
    );
  });

  it('is refused with 409 once the window has opened (domestic: the day before; international: 10 days before)', async () => {
    const me = await signInAs(app, deps, 'premium');
    for (const payload of [
      { ...valid, travel_date: '2026-07-16' },
      { origin_airport: 'DEN', destination_airport: 'CUN', travel_date: '2026-07-24' },
    ]) {
      const res = await createWindow(me, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: WINDOW_ALERT_TEXTS.alreadyOpen, code: 'CONFLICT' });
    }
    // Eleven days ahead the international window is still shut.
    expect((await createWindow(me, { origin_airport: 'DEN', destination_airport: 'CUN', travel_date: '2026-07-26' })).statusCode).toBe(201);
  });

  it('refuses bad input with 400 and the alert texts', async () => {
    const me = await signInAs(app, deps, 'premium');
    const cases: [unknown, string][] = [
      [{ ...valid, travel_date: '2026-07-15' }, ALERT_MESSAGES.datesTomorrowOrLater],
      [{ ...valid, travel_date: '2027-07-20' }, ALERT_MESSAGES.datesTooFar],
      [{ ...valid, travel_date: '2026-02-30' }, 'Travel dates must be real dates in YYYY-MM-DD format'],
      [{ ...valid, destination_airport: 'DEN' }, ALERT_MESSAGES.sameAirports],
      [{ ...valid, destination_airport: 'ZZZ' }, 'Unknown airport code: ZZZ'],
      [{ origin_airport: 'DEN', destination_airport: 'MCO' }, WINDOW_ALERT_TEXTS.travelDateRequired],
    ];
    for (const [payload, text] of cases) {
      const res = await createWindow(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(text);
    }
    const rows = await deps.database.db.select().from(notifications).where(eq(notifications.userId, me.user!.id));
    expect(rows).toHaveLength(0);
  });

  it('counts toward the 3 active alerts with price alerts, both ways', async () => {
    const me = await signInAs(app, deps, 'premium');
    expect((await createPrice(me)).statusCode).toBe(201);
    expect((await createWindow(me)).statusCode).toBe(201);
    expect((await createWindow(me, { ...valid, travel_date: '2026-07-18' })).statusCode).toBe(201);
    const fourth = await createWindow(me, { ...valid, travel_date: '2026-07-19' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ error: ALERT_MESSAGES.maxAlertsReached });
    expect((await createPrice(me)).statusCode).toBe(409);
  });
});

describe('the OpenAPI document', () => {
  it('documents the call with its body and its answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/notifications/window-open']?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'channels',
      'destination_airport',
      'origin_airport',
      'travel_date',
      'travel_date_to',
    ]);
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '403', '409']);
  });
});
