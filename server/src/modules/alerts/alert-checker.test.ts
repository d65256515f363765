import { addDays } from '@gowild/contract/dates';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { alertDeliveries, notifications, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { createAlertChecker } from './alert-checker';
import { bestMatch } from './alert-kinds/price';
import { createAlertsRepository } from './alerts.repository';
import { alertMetrics } from './alerts.metrics';

/**
 * The checker against a scripted airline, on a clock the tests move: 10:00 in Denver on 2026-07-15 at the start,
 * half an hour later for each test, so no test sees another's cached answers.
 */
const START = new Date('2026-07-15T16:00:00Z');
const clock = manualClock(START);
const airline = scriptedAirline();
const email = recordingEmail();
let app: FastifyInstance;
let deps: AppDeps;
let step = 0;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({
    env: { APP_URL: 'https://gowild.example' },
    deps: { clock, jobs: noJobs, email, flights: airline.engine(clock) },
  }));
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
  // Each test counts only its own alerts.
  await deps.database.db.delete(notifications);
});

/** A second checker on the same database and gateway, as another process (or the CLI) would run. */
const anotherChecker = (concurrency: number) =>
  createAlertChecker({
    repo: createAlertsRepository(deps.database.db),
    reference: deps.reference,
    flights: deps.flights,
    clock,
    metrics: alertMetrics(deps.metrics),
    mailer: deps.alertMailer,
    concurrency,
    appUrl: 'https://gowild.example',
    supportEmail: 'help@example.com',
  });

/** Days after today in Denver (all the tests' alerts fly from US airports west of UTC). */
const day = (n: number) => addDays('2026-07-15', n);

async function alert(who: SignedIn, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: who.headers,
    payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [day(1)], max_price: 50, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().notification.id;
}
const row = async (id: string) => (await deps.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
const matchMails = () => email.sent.filter((m) => m.subject.startsWith('Fare found'));
async function check() {
  const report = await deps.alertChecker.run();
  await deps.alertMailer.idle();
  return report;
}

describe('a match', () => {
  it('completes the alert with the price and date, and sends exactly one e-mail with the flight and both links', async () => {
    const me = await signInAs(app, deps, 'premium', { firstName: 'Ada' });
    const id = await alert(me, { max_price: 50, gowild_only: false });
    airline.answer((q) => ({
      kind: 'flights',
      flights: [
        testFlight(q, { standard: 89, discount_den: 61 }, { number: '100' }),
        testFlight(q, { standard: 70, discount_den: 45 }, { number: '2245', departs: '06:15', arrives: '11:40' }),
      ],
    }));

    const report = await check();
    expect(report).toMatchObject({ alerts: 1, groups: 1, queried: 1, fromAirline: 1, matches: 1, datesPassed: 0 });
    expect(await row(id)).toMatchObject({
      isCompleted: true,
      foundPriceCents: 4500,
      foundTravelDate: day(1),
      notificationSent: true,
      lastCheckedAt: clock.now(),
    });
    const mails = matchMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toBe(me.user!.email);
    expect(mail!.subject).toBe('Fare found: DEN → MCO on Thu, Jul 16, 2026 for $45.00');
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain('Hi Ada');
      expect(body).toContain('Denver (DEN) → Orlando (MCO)');
      expect(body).toContain('Thu, Jul 16, 2026');
      expect(body).toContain('2245');
      expect(body).toContain('departs 6:15 AM, arrives 11:40 AM');
      expect(body).toContain('Discount Den $45.00');
    }
    expect(mail!.text).toContain(`Book on the airline: https://booking.example/Flight/InternalSelect?o1=DEN&d1=MCO&dd1=${day(1)}&fare=den`);
    expect(mail!.text).toContain(`See this search on GoWild Finder: https://gowild.example/?origin=DEN&destination=MCO&date=${day(1)}`);
    expect(mail!.html).toContain(`href="https://gowild.example/?origin=DEN&amp;destination=MCO&amp;date=${day(1)}"`);

    // Nothing more: the alert is done, and its e-mail has its sent marker.
    clock.advance(11 * 60_000);
    expect(await check()).toMatchObject({ alerts: 0, queried: 0, matches: 0 });
    expect((await deps.alertMailer.drain()).sent).toBe(0);
    expect(matchMails()).toHaveLength(1);
    const stored = await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id));
    expect(stored.map((e) => [e.kind, e.attempts, e.deliveredAt !== null])).toEqual(
      expect.arrayContaining([
        ['confirmation', 1, true],
        ['match', 1, true],
      ]),
    );
  });

  it('completes on the earliest date that matches', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { travel_dates: [day(2), day(3), day(4)], max_price: 60 });
    airline.answer((q) => ({
      kind: 'flights',
      flights: [testFlight(q, { standard: q.date === day(2) ? 99 : q.date === day(3) ? 59 : 40 })],
    }));
    const report = await check();
    expect(report).toMatchObject({ groups: 3, queried: 3, matches: 1 });
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: 5900, foundTravelDate: day(3) });
    expect(matchMails()).toHaveLength(1);
  });

  it('with gowild_only, takes only a GoWild fare with seats at or under the price', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { max_price: 25, gowild_only: true });
    // Standard under the price, GoWild over it or without seats: no match.
    airline.answer((q) => ({
      kind: 'flights',
      flights: [testFlight(q, { go_wild: 29, standard: 20 }), testFlight(q, { go_wild: { total: 19, seats: 0 } }, { number: '9' })],
    }));
    expect(await check()).toMatchObject({ queried: 1, matches: 0 });
    expect(await row(id)).toMatchObject({ isCompleted: false, lastCheckedAt: clock.now() });
    expect(matchMails()).toHaveLength(0);

    clock.advance(11 * 60_000);
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { go_wild: 25, standard: 20 })] }));
    expect(await check()).toMatchObject({ matches: 1 });
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: 2500 });
    expect(matchMails()[0]!.text).toContain('GoWild $25.00');
  });
});

describe('no match', () => {
  it('leaves the alert open with last_checked_at, and sends nothing', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { max_price: 10 });
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 89, discount_den: 11 })] }));
    expect(await check()).toMatchObject({ alerts: 1, queried: 1, matches: 0 });
    expect(await row(id)).toMatchObject({ isCompleted: false, foundPriceCents: null, lastCheckedAt: clock.now() });
    expect(matchMails()).toHaveLength(0);
  });

  it('when the airline does not answer, the alert waits for the next run (not checked, not completed)', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { origin_airport: 'LAS', destination_airport: 'DEN', max_price: 100 });
    airline.answer(() => ({ kind: 'server-error', status: 503 }));
    expect(await check()).toMatchObject({ queried: 1, failed: 1, matches: 0 });
    expect(await row(id)).toMatchObject({ isCompleted: false, lastCheckedAt: null });

    clock.advance(11 * 60_000);
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 80 })] }));
    expect(await check()).toMatchObject({ matches: 1 });
    expect(matchMails()).toHaveLength(1);
  });
});

describe('dates that pass', () => {
  it("completes an alert whose every date has passed as 'Date Passed', without asking the airline or mailing", async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { travel_dates: [day(1), day(2)], max_price: 500 });
    clock.set(new Date('2026-07-18T16:00:00Z'));
    const report = await check();
    expect(report).toMatchObject({ datesPassed: 1, queried: 0, matches: 0 });
    expect(airline.requests).toEqual([]);
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: null, foundTravelDate: null, notificationSent: false });
    const listed = await app.inject({ method: 'GET', url: '/api/notifications?include_completed=true', headers: me.headers });
    expect(listed.json().notifications[0]).toMatchObject({ id, is_completed: true, found_price: null });
    expect(matchMails()).toHaveLength(0);
  });

  it('takes no flight leaving within the hour: 59 minutes before departure it is no longer sold (decision 151)', async () => {
    const me = await signInAs(app, deps, 'premium');
    // Its own route: the gateway's cache keeps this answer for the tests that follow on DEN-MCO.
    const id = await alert(me, { destination_airport: 'LAS', travel_dates: [day(1)], max_price: 50 });
    clock.set(new Date('2026-07-16T15:00:00Z')); // 09:00 on day(1) in Denver (MDT)
    // 09:59 leaves in 59 minutes, 10:01 in 61.
    airline.answer((q) => ({
      kind: 'flights',
      flights: [
        testFlight(q, { standard: 20 }, { departs: '09:59', number: '1' }),
        testFlight(q, { standard: 45 }, { departs: '10:01', number: '2' }),
      ],
    }));
    await check();
    expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: 4500 });
  });

  it('checks only the dates still ahead, today included at the origin', async () => {
    const me = await signInAs(app, deps, 'premium');
    // Its own route: an earlier test's answer for DEN-MCO on day(1) has every flight closed by 09:00, so that day
    // would cost no request (decision 327).
    await alert(me, { destination_airport: 'PHX', travel_dates: [day(1), day(3)], max_price: 5 });
    clock.set(new Date('2026-07-16T15:00:00Z')); // 09:00 on day(1) in Denver
    await check();
    expect(airline.requests.map((q) => q.date).sort()).toEqual([day(1), day(3)]);
  });
});

describe('one airline request per (origin, destination, date)', () => {
  it('groups every alert of every user by route and date and evaluates each one', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signInAs(app, deps, 'premium')));
    const cheap = await alert(users[0]!, { travel_dates: [day(5), day(6)], max_price: 40 });
    const dear = await alert(users[1]!, { travel_dates: [day(5)], max_price: 20 });
    const other = await alert(users[2]!, { travel_dates: [day(6)], max_price: 30, destination_airport: 'LAS' });
    await alert(users[3]!, { travel_dates: [day(5), day(6), day(7)], max_price: 1 });
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: q.date === day(5) ? 35 : 25 })] }));
    const report = await check();
    // DEN-MCO on days 5, 6 and 7, DEN-LAS on day 6.
    expect(report).toMatchObject({ groups: 4, queried: 4, fromAirline: 4, matches: 2 });
    expect(airline.requests).toHaveLength(4);
    expect(new Set(airline.requests.map((q) => `${q.origin}-${q.destination}-${q.date}`)).size).toBe(4);
    expect(await row(cheap)).toMatchObject({ isCompleted: true, foundPriceCents: 3500, foundTravelDate: day(5) });
    expect(await row(dear)).toMatchObject({ isCompleted: false });
    expect(await row(other)).toMatchObject({ isCompleted: true, foundPriceCents: 2500 });
  });

  it("shares the gateway's cache with searches: a fresh answer is not asked for again", async () => {
    const me = await signInAs(app, deps, 'premium');
    await alert(me, { travel_dates: [day(8)], max_price: 1 });
    await deps.flights.gateway.fetch({ origin: 'DEN', destination: 'MCO', date: day(8) });
    airline.requests.length = 0;
    expect(await check()).toMatchObject({ queried: 1, fromCache: 1, fromAirline: 0 });
    expect(airline.requests).toEqual([]);
  });
});

describe("the airline's GoWild booking window", () => {
  it('does not ask about a GoWild-only date before its window opens; asks once it has', async () => {
    const me = await signInAs(app, deps, 'premium');
    // Domestic: the window opens the day before departure.
    await alert(me, { travel_dates: [day(5)], gowild_only: true, max_price: 30 });
    expect(await check()).toMatchObject({ groups: 1, outsideWindow: 1, queried: 0 });
    expect(airline.requests).toEqual([]);
    clock.set(new Date(`${day(4)}T16:00:00Z`));
    expect(await check()).toMatchObject({ outsideWindow: 0, queried: 1 });
  });

  it('counts an international route from 10 days out, by the airports’ countries', async () => {
    const me = await signInAs(app, deps, 'premium');
    await alert(me, { destination_airport: 'CUN', travel_dates: [day(5), day(12)], gowild_only: true, max_price: 90 });
    const report = await check();
    expect(report).toMatchObject({ groups: 2, outsideWindow: 1, queried: 1 });
    expect(airline.requests.map((q) => q.date)).toEqual([day(5)]);
  });

  it('asks about a date outside the window when another alert on it takes any fare', async () => {
    const a = await signInAs(app, deps, 'premium');
    const b = await signInAs(app, deps, 'premium');
    await alert(a, { destination_airport: 'LAS', travel_dates: [day(9)], gowild_only: true });
    await alert(b, { destination_airport: 'LAS', travel_dates: [day(9)], gowild_only: false, max_price: 1 });
    expect(await check()).toMatchObject({ groups: 1, outsideWindow: 0, queried: 1 });
    expect(airline.requests).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('a run stopped half-way loses nothing: the next run finishes the work', async () => {
    const me = await signInAs(app, deps, 'premium');
    const ids = [
      await alert(me, { travel_dates: [day(10)], max_price: 100 }),
      await alert(me, { travel_dates: [day(11)], max_price: 100 }),
    ];
    const stop = new AbortController();
    airline.answer((q) => {
      stop.abort(); // the runner stops (SIGTERM) while the first group is being asked
      return { kind: 'flights', flights: [testFlight(q, { standard: 50 })] };
    });
    const first = await anotherChecker(1).run(undefined, stop.signal);
    await deps.alertMailer.idle();
    expect(first).toMatchObject({ groups: 2, queried: 1 });
    expect(matchMails()).toHaveLength(1);
    clock.advance(11 * 60_000);
    await check();
    for (const id of ids) expect(await row(id)).toMatchObject({ isCompleted: true, foundPriceCents: 5000 });
    expect(matchMails()).toHaveLength(2);
  });

  it('an alert deleted while its run was asking the airline is neither completed nor mailed', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { travel_dates: [day(12)], max_price: 100 });
    airline.answer(async (q) => {
      await app.inject({ method: 'DELETE', url: `/api/notifications/${id}`, headers: me.headers });
      return { kind: 'flights', flights: [testFlight(q, { standard: 50 })] };
    });
    expect(await check()).toMatchObject({ queried: 1, matches: 0 });
    expect(matchMails()).toHaveLength(0);
  });

  it('two runs at once (another process, or the CLI beside the schedule) complete and mail an alert once', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { travel_dates: [day(13)], max_price: 100 });
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));
    const [a, b] = await Promise.all([deps.alertChecker.run(), anotherChecker(4).run()]);
    await deps.alertMailer.idle();
    expect(a.matches + b.matches).toBe(1);
    expect(await row(id)).toMatchObject({ isCompleted: true });
    expect(matchMails()).toHaveLength(1);
  });
});

describe('whose alerts are checked', () => {
  it('an owner who is no longer premium has their alerts kept but not checked; they resume when premium again', async () => {
    const me = await signInAs(app, deps, 'premium');
    const id = await alert(me, { travel_dates: [day(14)], max_price: 100 });
    await deps.database.db.update(users).set({ isPremium: false }).where(eq(users.id, me.user!.id));
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));
    expect(await check()).toMatchObject({ alerts: 1, groups: 0, queried: 0 });
    expect(await row(id)).toMatchObject({ isCompleted: false, lastCheckedAt: null });
    await deps.database.db.update(users).set({ isPremium: true }).where(eq(users.id, me.user!.id));
    expect(await check()).toMatchObject({ matches: 1 });
  });
});

describe('operators and metrics', () => {
  it('`alerts:check` runs one pass now and sends what it queued', async () => {
    const me = await signInAs(app, deps, 'premium');
    await alert(me, { travel_dates: [day(15)], max_price: 100 });
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 50 })] }));
    const lines: string[] = [];
    expect(await runCli(['alerts:check'], (l) => lines.push(l), deps)).toBe(0);
    expect(lines[0]).toMatch(
      /^checked 1 active alerts: 1 route-date groups, 1 asked \(1 from the airline, 0 from cache, 0 failed\).*1 matched/,
    );
    expect(lines[1]).toMatch(/^e-mails: \d+ sent/);
    expect(matchMails()).toHaveLength(1);
    expect(await runCli(['alerts:check', 'now'], () => {}, deps)).toBe(2);
  });

  it('exports runs, groups, airline requests, matches, e-mails and run time', async () => {
    const text = await deps.metrics.metrics();
    for (const name of [
      'alerts_checker_runs_total{result="ok"}',
      'alerts_checker_groups_total{outcome="upstream"}',
      'alerts_checker_groups_total{outcome="outside_window"}',
      'alerts_checker_airline_requests_total',
      'alerts_matches_total',
      'alerts_dates_passed_total',
      'alerts_emails_total{kind="match",result="sent"}',
      'alerts_checker_run_duration_seconds_count',
      'alerts_emails_pending',
    ])
      expect(text).toContain(name);
  });
});

describe('bestMatch', () => {
  const q = { origin: 'DEN', destination: 'MCO', date: '2026-08-01' };
  it('takes the cheapest qualifying flight, the earliest on a tie, at or under the price to the cent', () => {
    const flights = [
      testFlight(q, { standard: 49.99 }, { number: 'late', departs: '19:00' }),
      testFlight(q, { standard: 49.99 }, { number: 'early', departs: '06:00' }),
      testFlight(q, { standard: 50.01 }, { number: 'dear' }),
    ];
    expect(bestMatch(flights, { gowildOnly: false, maxPriceCents: 4999 }, q.date)).toMatchObject({
      flightNumber: 'early',
      price: 49.99,
      fare: 'standard',
    });
    expect(bestMatch(flights, { gowildOnly: false, maxPriceCents: 4998 }, q.date)).toBeUndefined();
    expect(bestMatch(flights, { gowildOnly: true, maxPriceCents: 50000 }, q.date)).toBeUndefined();
  });
  it('ignores fares not on sale (a total of 0 or less, or no seats), and GoWild with an unknown seat count counts', () => {
    const flights = [testFlight(q, { go_wild: { total: 19, seats: null }, standard: -1, discount_den: { total: 10, seats: 0 } })];
    expect(bestMatch(flights, { gowildOnly: false, maxPriceCents: 10000 }, q.date)).toMatchObject({ fare: 'go_wild', price: 19 });
  });
});
