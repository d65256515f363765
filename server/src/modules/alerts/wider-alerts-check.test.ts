import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertDeliveries, notifications, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { createAlertChecker } from './alert-checker';
import { createAlertsRepository } from './alerts.repository';
import { alertMetrics } from './alerts.metrics';

/**
 * The alert checker on the wider kinds (docs/product/alerts.md#kinds-of-alert; decision 273): any destination from
 * an origin, seats dropping to N or fewer, every leg of a chain. Against a scripted airline, on a clock that starts at
 * 10:00 in Denver on 2026-07-15 and moves half an hour per test, so no test sees another's cached answers. Each alert
 * is delivered on e-mail and the demo Telegram chat: one message per channel.
 */
const START = new Date('2026-07-15T16:00:00Z');
const clock = manualClock(START);
const airline = scriptedAirline();
const email = recordingEmail();
let app: FastifyInstance;
let deps: AppDeps;
let me: SignedIn;
let hub: string;
let step = 0;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({
    env: { APP_URL: 'https://gowild.example' },
    deps: { clock, jobs: noJobs, email, flights: airline.engine(clock) },
  }));
  hub = deps.reference.destinationsFrom('DEN').find((h) => h !== 'MCO' && deps.reference.destinationsFrom(h).includes('MCO'))!;
}, 120_000);
afterAll(async () => {
  await deps.alertMailer.idle();
  await app.close();
});
beforeEach(async () => {
  step += 1;
  clock.set(new Date(START.getTime() + step * 30 * 60_000));
  airline.requests.length = 0;
  airline.answer(() => ({ kind: 'flights', flights: [] }));
  await deps.alertMailer.idle();
  email.sent.length = 0;
  await deps.database.db.delete(notifications);
  me = await signInAs(app, deps, 'premium');
  // The demo Telegram bot links a chat at once.
  await app.inject({ method: 'POST', url: '/api/alert-channels/telegram/link', headers: me.headers });
});

/** Tomorrow and after, in Denver: a domestic GoWild window is open for tomorrow only. */
const day = (n: number) => addDays('2026-07-15', n);

async function create(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/notifications/${path}`,
    headers: me.headers,
    payload: { channels: ['email', 'telegram'], ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().notification.id;
}
const row = async (id: string) => (await deps.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
/** The match messages queued for an alert, by channel. */
const matches = async (id: string) =>
  (await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id)))
    .filter((d) => d.kind === 'match')
    .sort((a, b) => a.channel.localeCompare(b.channel));
const check = () => deps.alertChecker.run();
const gowild = (q: FlightQuery, total: number, seats: number | null, number = '1234', departs = '08:00'): Flight =>
  testFlight(q, { go_wild: { total, seats }, standard: 199 }, { number, departs });

describe('any destination from an airport', () => {
  it('asks every destination of the origin on each date whose GoWild window is open, and completes once on the earliest date', async () => {
    const id = await create('origin-wide', { origin_airport: 'DEN', travel_date: day(1), travel_date_to: day(3) });
    airline.answer((q) => {
      if (q.destination === 'LAS') return { kind: 'flights', flights: [gowild(q, 29, 4)] };
      if (q.destination === 'MCO') return { kind: 'flights', flights: [gowild(q, 19, 7)] };
      return { kind: 'flights', flights: [testFlight(q, { standard: 99 })] };
    });
    const report = await check();
    const destinations = deps.reference.destinationsFrom('DEN');
    // Domestic GoWild opens the day before: only tomorrow is asked of the domestic routes; the others, all three days.
    expect(airline.requests.filter((q) => q.date === day(1))).toHaveLength(destinations.length);
    expect(airline.requests.some((q) => q.destination === 'LAS' && q.date !== day(1))).toBe(false);
    expect(report.matches).toBe(1);
    expect(await row(id)).toMatchObject({
      isCompleted: true,
      foundDestination: 'MCO',
      foundPriceCents: 1900,
      foundTravelDate: day(1),
      foundSeats: 7,
    });
    const sent = await matches(id);
    expect(sent.map((d) => d.channel)).toEqual(['email', 'telegram']);
    expect(sent[0]!.title).toBe('GoWild from DEN: MCO on Thu, Jul 16, 2026 for $19.00');
    expect(sent[0]!.textBody).toContain('Also with GoWild that day: Las Vegas (LAS) from $29.00');
    expect(sent[0]!.url).toBe(`https://gowild.example/?origin=DEN&destination=MCO&date=${day(1)}`);
    // Complete: the next run asks nothing and sends nothing.
    airline.requests.length = 0;
    clock.advance(11 * 60_000);
    expect((await check()).groups).toBe(0);
    expect(await matches(id)).toHaveLength(2);
  });

  it('with no GoWild anywhere, stays open with last_checked_at', async () => {
    const id = await create('origin-wide', { origin_airport: 'DEN', travel_date: day(1) });
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { go_wild: { total: 19, seats: 0 }, standard: 99 })] }));
    expect((await check()).matches).toBe(0);
    expect(await row(id)).toMatchObject({ isCompleted: false });
    expect((await row(id)).lastCheckedAt).not.toBeNull();
  });
});

describe('seats dropping to N or fewer', () => {
  it('matches a GoWild fare with 1 to N seats, the fewest first; more seats, a sold-out fare or an unknown count is no match', async () => {
    const id = await create('seats', { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: day(1), max_seats: 3 });
    airline.answer((q) => ({
      kind: 'flights',
      flights: [gowild(q, 19, 5, '1'), gowild(q, 19, 0, '2'), gowild(q, 19, null, '3')],
    }));
    expect((await check()).matches).toBe(0);
    expect(await row(id)).toMatchObject({ isCompleted: false });

    clock.advance(31 * 60_000);
    airline.answer((q) => ({
      kind: 'flights',
      flights: [gowild(q, 19, 5, '1'), gowild(q, 24, 3, '2', '07:00'), gowild(q, 29, 2, '3', '12:00')],
    }));
    expect((await check()).matches).toBe(1);
    expect(await row(id)).toMatchObject({ isCompleted: true, foundSeats: 2, foundPriceCents: 2900, foundTravelDate: day(1) });
    const sent = await matches(id);
    expect(sent.map((d) => d.channel)).toEqual(['email', 'telegram']);
    expect(sent[0]!.title).toBe('Seats going: DEN → MCO on Thu, Jul 16, 2026, 2 seats left at $29.00');
    expect(sent[0]!.textBody).toContain('Flight 3: departs 12:00 PM');
  });

  it("is not asked before the date's GoWild window opens", async () => {
    await create('seats', { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: day(5), max_seats: 3 });
    expect(await check()).toMatchObject({ queried: 0, outsideWindow: 1 });
    expect(airline.requests).toHaveLength(0);
  });
});

describe('every leg of a chain', () => {
  const legs = () => [
    { origin_airport: 'DEN', destination_airport: hub, travel_date: day(1), flight_number: '101' },
    { origin_airport: hub, destination_airport: 'MCO', travel_date: day(1), flight_number: '202' },
  ];

  it('waits while one named flight has no GoWild (another flight on the route does not count), then completes with the total', async () => {
    const id = await create('chain', { legs: legs() });
    airline.answer((q) =>
      q.origin === 'DEN'
        ? { kind: 'flights', flights: [gowild(q, 19, 4, '101')] }
        : { kind: 'flights', flights: [testFlight(q, { standard: 99 }, { number: '202' }), gowild(q, 15, 9, '999')] },
    );
    expect((await check()).matches).toBe(0);
    expect(await row(id)).toMatchObject({ isCompleted: false });

    clock.advance(31 * 60_000);
    airline.answer((q) =>
      q.origin === 'DEN'
        ? { kind: 'flights', flights: [gowild(q, 19, 4, '101')] }
        : { kind: 'flights', flights: [gowild(q, 24.5, 2, '202', '16:00')] },
    );
    expect((await check()).matches).toBe(1);
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: 4350, foundSeats: 2, foundTravelDate: day(1) });
    const sent = await matches(id);
    expect(sent.map((d) => d.channel)).toEqual(['email', 'telegram']);
    expect(sent[0]!.title).toBe(`GoWild on every leg: DEN → ${hub} → MCO on Thu, Jul 16, 2026 for $43.50`);
    expect(sent[0]!.textBody).toContain('Flight 101');
    expect(sent[0]!.textBody).toContain('Flight 202');
    expect(sent[0]!.textBody).toContain('a missed connection is not protected');
    expect(sent[0]!.url).toBe(`https://gowild.example/route-builder?origin=DEN&destination=MCO&date=${day(1)}`);
  });

  it("completes as 'Date Passed', with no message, once its first flight's date has passed", async () => {
    const id = await create('chain', { legs: legs() });
    clock.set(new Date('2026-07-17T16:00:00Z'));
    expect((await check()).datesPassed).toBe(1);
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: null });
    expect(await matches(id)).toHaveLength(0);
  });

  it('an owner who is no longer premium has the chain kept but not checked', async () => {
    const id = await create('chain', { legs: legs() });
    await deps.database.db.update(users).set({ isPremium: false }).where(eq(users.id, me.user!.id));
    airline.answer((q) => ({ kind: 'flights', flights: [gowild(q, 19, 4, q.origin === 'DEN' ? '101' : '202')] }));
    expect((await check()).groups).toBe(0);
    expect(await row(id)).toMatchObject({ isCompleted: false });
  });
});

describe('exactly once across workers', () => {
  it('two checkers at once (two workers) complete each wider alert once and queue one message per channel', async () => {
    const other = createAlertChecker({
      repo: createAlertsRepository(deps.database.db),
      reference: deps.reference,
      flights: deps.flights,
      clock,
      metrics: alertMetrics(deps.metrics),
      mailer: deps.alertMailer,
      concurrency: 4,
      appUrl: 'https://gowild.example',
      supportEmail: 'help@example.com',
    });
    const ids = [
      await create('origin-wide', { origin_airport: 'DEN', travel_date: day(1) }),
      await create('seats', { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: day(1), max_seats: 3 }),
      await create('chain', {
        legs: [
          { origin_airport: 'DEN', destination_airport: hub, travel_date: day(1), flight_number: '101' },
          { origin_airport: hub, destination_airport: 'MCO', travel_date: day(1), flight_number: '202' },
        ],
      }),
    ];
    airline.answer((q) => ({ kind: 'flights', flights: [gowild(q, 19, 2, q.origin === 'DEN' ? '101' : '202')] }));
    const [a, b] = await Promise.all([deps.alertChecker.run(), other.run()]);
    expect(a.matches + b.matches).toBe(3);
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ isCompleted: true });
      expect((await matches(id)).map((d) => d.channel)).toEqual(['email', 'telegram']);
    }
    await deps.alertMailer.drain();
    await deps.alertMailer.idle();
    expect(email.sent.filter((m) => !m.subject.includes('set'))).toHaveLength(3);
  });
});
