import type { Flight } from '@gowild/contract/flights';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { alertDeliveries, notifications, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs, recordingEmail, scriptedAirline, testFlight } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { createAlertChecker } from './alert-checker';
import { flightOpensAt, windowOpensAt, windowVerdict } from './alert-kinds/window-open';
import { createAlertsRepository } from './alerts.repository';
import { alertMetrics } from './alerts.metrics';

const iso = (d: Date) => d.toISOString();

describe('when a window opens (per segment, on its departure airport clock)', () => {
  it('domestic: 00:00 at the origin the day before, in summer and in winter time', () => {
    expect(iso(windowOpensAt('DEN', 'MCO', '2026-07-17'))).toBe('2026-07-16T06:00:00.000Z'); // MDT, UTC-6
    expect(iso(windowOpensAt('DEN', 'MCO', '2026-01-20'))).toBe('2026-01-19T07:00:00.000Z'); // MST, UTC-7
    expect(iso(windowOpensAt('MCO', 'DEN', '2026-07-17'))).toBe('2026-07-16T04:00:00.000Z'); // EDT
    // Across the spring change (2026-03-08, 02:00): the midnight before it is still winter time, the one after is summer.
    expect(iso(windowOpensAt('DEN', 'MCO', '2026-03-09'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(windowOpensAt('DEN', 'MCO', '2026-03-10'))).toBe('2026-03-09T06:00:00.000Z');
    // Phoenix keeps one clock all year.
    expect(iso(windowOpensAt('PHX', 'DEN', '2026-07-17'))).toBe('2026-07-16T07:00:00.000Z');
    expect(iso(windowOpensAt('PHX', 'DEN', '2026-01-20'))).toBe('2026-01-19T07:00:00.000Z');
    // A US territory counts as domestic.
    expect(iso(windowOpensAt('SJU', 'MCO', '2026-07-17'))).toBe('2026-07-16T04:00:00.000Z');
  });

  it('international: 00:00 at the origin ten days before', () => {
    expect(iso(windowOpensAt('DEN', 'CUN', '2026-07-26'))).toBe('2026-07-16T06:00:00.000Z');
    expect(iso(windowOpensAt('CUN', 'DEN', '2026-07-26'))).toBe('2026-07-16T05:00:00.000Z'); // Cancún, UTC-5 all year
  });

  const connection = (secondDeparts: string): Flight => {
    const f = testFlight({ origin: 'MCO', destination: 'LAS', date: '2026-07-17' }, { go_wild: 19 });
    return {
      ...f,
      stops: 1,
      segments: [
        {
          departure_airport: 'MCO',
          arrival_airport: 'DEN',
          departure_time: '2026-07-17T06:00:00',
          arrival_time: '2026-07-17T08:00:00',
          flight_number: '1',
        },
        {
          departure_airport: 'DEN',
          arrival_airport: 'LAS',
          departure_time: secondDeparts,
          arrival_time: '2026-07-18T11:00:00',
          flight_number: '2',
        },
      ],
    };
  };

  it('a connection opens when its last segment does: midnight at the hub, a day later when it leaves the next day', () => {
    expect(iso(flightOpensAt('domestic', connection('2026-07-17T10:00:00')))).toBe('2026-07-16T06:00:00.000Z');
    expect(iso(flightOpensAt('domestic', connection('2026-07-18T00:30:00')))).toBe('2026-07-17T06:00:00.000Z');
  });

  it('the verdict waits for a connection still shut, then reports its GoWild fare', () => {
    const nonstop = testFlight({ origin: 'MCO', destination: 'LAS', date: '2026-07-17' }, { standard: 99 });
    const flights = [nonstop, connection('2026-07-17T10:00:00')];
    // Open at Orlando (04:00 UTC), not yet at Denver (06:00 UTC).
    expect(windowVerdict('domestic', flights, new Date('2026-07-16T04:00:30Z'))).toEqual({
      verdict: 'later',
      at: new Date('2026-07-16T06:00:00Z'),
    });
    expect(windowVerdict('domestic', flights, new Date('2026-07-16T06:00:30Z'))).toMatchObject({
      verdict: 'gowild',
      found: { price: 19, seats: 5, stops: 1 },
    });
    expect(windowVerdict('domestic', [nonstop], new Date('2026-07-16T04:00:30Z'))).toEqual({ verdict: 'not_offered' });
  });

  it('takes the cheapest GoWild fare with seats; a sold-out one is not offered', () => {
    const q = { origin: 'DEN', destination: 'MCO', date: '2026-07-17' };
    const now = new Date('2026-07-16T06:01:00Z');
    const flights = [
      testFlight(q, { go_wild: { total: 15, seats: 0 } }, { number: '1' }),
      testFlight(q, { go_wild: { total: 39, seats: 2 } }, { number: '2' }),
      testFlight(q, { go_wild: { total: 29, seats: 7 } }, { number: '3' }),
    ];
    expect(windowVerdict('domestic', flights, now)).toMatchObject({ verdict: 'gowild', found: { price: 29, seats: 7, flightNumber: '3' } });
    expect(windowVerdict('domestic', [flights[0]!], now)).toEqual({ verdict: 'not_offered' });
  });
});

/**
 * The job against a scripted airline, on a clock the tests move: 10:00 in Denver on 2026-07-15 when the alerts are
 * made; DEN → MCO on the 17th opens at 06:00 UTC on the 16th.
 */
describe('the window-open job', () => {
  const NOW = new Date('2026-07-15T16:00:00Z');
  const OPENS = new Date('2026-07-16T06:00:00Z');
  const clock = manualClock(NOW);
  const airline = scriptedAirline();
  const email = recordingEmail();
  let app: FastifyInstance;
  let deps: AppDeps;
  let me: SignedIn;

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
    clock.set(NOW);
    airline.requests.length = 0;
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { go_wild: { total: 29, seats: 4 }, standard: 99 })] }));
    await deps.alertMailer.idle();
    email.sent.length = 0;
    await deps.database.db.delete(notifications);
    me = await signInAs(app, deps, 'premium');
  });

  /** Each test uses its own date, so no test sees another's cached answer. */
  async function windowAlert(date: string, route = { origin_airport: 'DEN', destination_airport: 'MCO' }): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications/window-open',
      headers: me.headers,
      payload: { ...route, travel_date: date },
    });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    return res.json().notification.id;
  }
  const row = async (id: string) => (await deps.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;
  const windowMails = async () => {
    await deps.alertMailer.drain();
    return email.sent.filter((m) => m.subject.startsWith('GoWild'));
  };
  const opensFor = (date: string) => windowOpensAt('DEN', 'MCO', date);
  /** A second check on the same database and gateway, as another worker would run it. */
  const anotherChecker = () =>
    createAlertChecker({
      repo: createAlertsRepository(deps.database.db),
      reference: deps.reference,
      flights: deps.flights,
      clock,
      metrics: alertMetrics(deps.metrics),
      mailer: deps.alertMailer,
      concurrency: 2,
      appUrl: 'https://gowild.example',
      supportEmail: 'help@example.com',
    });

  it('does nothing before the opening; right after it, asks the airline once and tells the traveller the price and seats', async () => {
    const id = await windowAlert('2026-07-17');
    email.sent.length = 0;
    clock.set(new Date(OPENS.getTime() - 1000));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 0, queried: 0 });
    expect(airline.requests).toHaveLength(0);

    clock.set(new Date(OPENS.getTime() + 20_000));
    const report = await deps.windowOpenChecker.run();
    expect(report).toMatchObject({ due: 1, queried: 1, fromAirline: 1, gowild: 1, queuedAfterOpeningMs: [20_000] });
    expect(airline.requests).toEqual([{ origin: 'DEN', destination: 'MCO', date: '2026-07-17' }]);
    expect(await row(id)).toMatchObject({ isCompleted: true, windowResult: 'gowild', foundPriceCents: 2900, foundSeats: 4 });
    const mails = await windowMails();
    expect(mails.map((m) => m.subject)).toEqual(['GoWild is open: DEN → MCO on Fri, Jul 17, 2026 from $29.00, 4 seats']);
    expect(mails[0]!.text).toContain('https://gowild.example/?origin=DEN&destination=MCO&date=2026-07-17');
    expect((await row(id)).notificationSent).toBe(true);

    // Completed: a later run neither asks nor sends again.
    clock.advance(60_000);
    expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 0 });
    expect(await windowMails()).toHaveLength(1);
  });

  it('says so when GoWild is not offered, and completes the alert', async () => {
    const date = '2026-07-18';
    const id = await windowAlert(date);
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 99 })] }));
    clock.set(new Date(opensFor(date).getTime() + 30_000));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ notOffered: 1 });
    expect(await row(id)).toMatchObject({ isCompleted: true, windowResult: 'not_offered', foundPriceCents: null });
    const list = (await app.inject({ method: 'GET', url: '/api/notifications?include_completed=true', headers: me.headers })).json();
    expect(list.notifications[0]).toMatchObject({ kind: 'window_open', window_result: 'not_offered' });
    expect((await windowMails()).map((m) => m.subject)).toEqual(['GoWild not offered: DEN → MCO on Sat, Jul 18, 2026']);
    expect(WINDOW_ALERT_TEXTS.notOffered).toBe('GoWild not offered');
  });

  it('an answer cached before the opening is not taken for one after it: the airline is asked again at once', async () => {
    const date = '2026-07-19';
    const id = await windowAlert(date);
    const opens = opensFor(date);
    // A traveller searched a minute before the opening, when no GoWild was on sale.
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 99 })] }));
    clock.set(new Date(opens.getTime() - 60_000));
    expect((await deps.flights.gateway.fetch({ origin: 'DEN', destination: 'MCO', date })).status).toBe('ok');
    airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { go_wild: 25 })] }));
    const asked = airline.requests.length;
    clock.set(new Date(opens.getTime() + 30_000));
    // The copy from before the opening is still fresh for searches, but says nothing about GoWild now: one live request.
    expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 1, fromAirline: 1, gowild: 1, waiting: 0 });
    expect(airline.requests.length).toBe(asked + 1);
    expect(await row(id)).toMatchObject({ windowResult: 'gowild', foundPriceCents: 2500 });
  });

  it('a connection whose hub opens later is checked again then', async () => {
    const date = '2026-07-20';
    const id = await windowAlert(date, { origin_airport: 'MCO', destination_airport: 'LAS' });
    const atOrlando = windowOpensAt('MCO', 'LAS', date);
    airline.answer((q) => {
      const f = testFlight(q, { go_wild: 33 });
      const seg = (from: string, to: string, t: string) => ({
        departure_airport: from,
        arrival_airport: to,
        departure_time: `${date}T${t}:00`,
        arrival_time: `${date}T${t}:00`,
        flight_number: '9',
      });
      return { kind: 'flights', flights: [{ ...f, stops: 1, segments: [seg('MCO', 'DEN', '06:00'), seg('DEN', 'LAS', '10:00')] }] };
    });
    clock.set(new Date(atOrlando.getTime() + 30_000));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ later: 1 });
    expect((await row(id)).opensAt).toEqual(windowOpensAt('DEN', 'LAS', date));
    clock.set(new Date(windowOpensAt('DEN', 'LAS', date).getTime() + 30_000));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ gowild: 1 });
  });

  it('two checkers at once (two workers) complete the alert once and queue one message', async () => {
    const date = '2026-07-21';
    const id = await windowAlert(date);
    clock.set(new Date(opensFor(date).getTime() + 30_000));
    const other = anotherChecker();
    const [a, b] = await Promise.all([deps.windowOpenChecker.run(), other.runOpenings()]);
    expect(a.gowild + b.gowild).toBe(1);
    const queued = await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id));
    expect(queued.filter((e) => e.kind === 'window_open')).toHaveLength(1);
  });

  it("a lapsed owner's alert waits unchecked, and completes as 'Date Passed' without a message once its date passes", async () => {
    const date = '2026-07-22';
    const id = await windowAlert(date);
    await deps.database.db.update(users).set({ isPremium: false }).where(eq(users.id, me.user!.id));
    clock.set(new Date(opensFor(date).getTime() + 30_000));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 1, queried: 0 });
    clock.set(new Date('2026-07-23T07:00:00Z'));
    expect(await deps.windowOpenChecker.run()).toMatchObject({ passed: 1 });
    expect(await row(id)).toMatchObject({ isCompleted: true, windowResult: null });
    expect(await windowMails()).toHaveLength(0);
  });

  it('the operator command runs one pass now and sends what it queued', async () => {
    const date = '2026-07-25';
    await windowAlert(date);
    clock.set(new Date(opensFor(date).getTime() + 30_000));
    const lines: string[] = [];
    expect(await runCli(['alerts:window-open'], (l) => lines.push(l), deps)).toBe(0);
    expect(lines[0]).toContain('1 GoWild on sale');
    // Sent by the time the command ends (by the run's own kick, or the drain after it).
    expect(email.sent.map((m) => m.subject).filter((s) => s.startsWith('GoWild'))).toEqual([
      'GoWild is open: DEN → MCO on Sat, Jul 25, 2026 from $29.00, 4 seats',
    ]);
    expect(await runCli(['alerts:window-open', 'now'], () => {}, deps)).toBe(2);
  });

  describe('a range of dates (decision 274)', () => {
    async function rangeAlert(from: string, to: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/notifications/window-open',
        headers: me.headers,
        payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_date: from, travel_date_to: to },
      });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
      return res.json().notification.id;
    }

    it('waits for the next date’s opening while the open dates have no GoWild, then tells once for the date that has it', async () => {
      const id = await rangeAlert('2026-08-01', '2026-08-03');
      airline.answer((q) =>
        q.date === '2026-08-02'
          ? { kind: 'flights', flights: [testFlight(q, { go_wild: { total: 39, seats: 2 } })] }
          : { kind: 'flights', flights: [testFlight(q, { standard: 99 })] },
      );
      clock.set(new Date(opensFor('2026-08-01').getTime() + 30_000));
      expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 1, queried: 1, later: 1, gowild: 0 });
      expect(await row(id)).toMatchObject({ isCompleted: false, opensAt: opensFor('2026-08-02') });
      expect(await windowMails()).toHaveLength(0);

      clock.set(new Date(opensFor('2026-08-02').getTime() + 30_000));
      expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 1, gowild: 1 });
      expect(await row(id)).toMatchObject({
        isCompleted: true,
        windowResult: 'gowild',
        foundTravelDate: '2026-08-02',
        foundPriceCents: 3900,
      });
      expect((await windowMails()).map((m) => m.subject)).toEqual(['GoWild is open: DEN → MCO on Sun, Aug 2, 2026 from $39.00, 2 seats']);
      clock.set(new Date(opensFor('2026-08-03').getTime() + 30_000));
      expect(await deps.windowOpenChecker.run()).toMatchObject({ due: 0 });
    });

    it('with GoWild on none of its dates, says so once, after the last date’s opening', async () => {
      const id = await rangeAlert('2026-08-05', '2026-08-06');
      airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 99 })] }));
      clock.set(new Date(opensFor('2026-08-05').getTime() + 30_000));
      expect(await deps.windowOpenChecker.run()).toMatchObject({ later: 1, notOffered: 0 });
      clock.set(new Date(opensFor('2026-08-06').getTime() + 30_000));
      expect(await deps.windowOpenChecker.run()).toMatchObject({ notOffered: 1 });
      expect(await row(id)).toMatchObject({ isCompleted: true, windowResult: 'not_offered' });
      const mails = await windowMails();
      expect(mails.map((m) => m.subject)).toEqual(['GoWild not offered: DEN → MCO on Wed, Aug 5, 2026 to Thu, Aug 6, 2026']);
      expect(mails[0]!.text).toContain('on every date from Wed, Aug 5, 2026 to Thu, Aug 6, 2026');
    });

    it('two checkers at once (two workers) complete a range once and queue one message', async () => {
      const id = await rangeAlert('2026-08-08', '2026-08-10');
      clock.set(new Date(opensFor('2026-08-08').getTime() + 30_000));
      const other = anotherChecker();
      const [a, b] = await Promise.all([deps.windowOpenChecker.run(), other.runOpenings()]);
      expect(a.gowild + b.gowild).toBe(1);
      const queued = await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id));
      expect(queued.filter((e) => e.kind === 'window_open')).toHaveLength(1);
    });
  });

  it('the price checker leaves window-open alerts alone', async () => {
    const id = await windowAlert('2026-07-24');
    clock.set(new Date(opensFor('2026-07-24').getTime() + 30_000));
    await deps.alertChecker.run();
    expect(airline.requests).toHaveLength(0);
    expect((await row(id)).isCompleted).toBe(false);
  });
});
