import type { AddressInfo } from 'node:net';
import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { noJobs, scriptedAirline, testFlight } from '../../test/alerts';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { EMAIL_MAX_ATTEMPTS, alertEmailMessageId, emailBackoffMs } from './alert-mailer';

/**
 * The match e-mail through a real SMTP server in this process that refuses the first attempts with a temporary
 * failure (451): the outbox retries with backoff and the message arrives exactly once.
 */
let smtp: SMTPServer;
let port: number;
let refuse = 0;
let refused = 0;
const received: { to: string[]; raw: Buffer }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refuse > 0) {
        refuse -= 1;
        refused += 1;
        return callback(Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('alert e-mails over SMTP', () => {
  it('a server refusing the first 3 attempts gets the match e-mail exactly once, after retries with backoff', async () => {
    const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
    const airline = scriptedAirline();
    const { app, deps } = await buildAccountsTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      deps: { clock, jobs: noJobs, flights: airline.engine(clock) },
    });
    try {
      expect(deps.email.kind).toBe('smtp');
      const me = await signInAs(app, deps, 'premium');
      const res = await app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: me.headers,
        payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [addDays('2026-07-15', 3)], max_price: 60 },
      });
      expect(res.statusCode).toBe(201);
      await deps.alertMailer.idle();
      expect(received).toHaveLength(1); // the confirmation

      refuse = 3;
      airline.answer((q) => ({ kind: 'flights', flights: [testFlight(q, { standard: 55 })] }));
      expect((await deps.alertChecker.run()).matches).toBe(1);
      await deps.alertMailer.idle(); // attempt 1, refused

      const [match] = await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.kind, 'match'));
      expect(match).toMatchObject({ attempts: 1, deliveredAt: null, lastError: expect.stringContaining('Temporary failure') });
      for (let attempt = 1; attempt <= 3; attempt++) {
        // Not due before its backoff has passed.
        expect(await deps.alertMailer.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
        clock.advance(emailBackoffMs(attempt));
        const r = await deps.alertMailer.drain();
        expect(r).toEqual(attempt < 3 ? { sent: 0, retrying: 1, failed: 0 } : { sent: 1, retrying: 0, failed: 0 });
      }
      expect(refused).toBe(3);
      // More sweeps, later: nothing is sent again.
      clock.advance(24 * 3_600_000);
      expect(await deps.alertMailer.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });

      const matches = [];
      for (const m of received.slice(1)) matches.push(await PostalMime.parse(m.raw));
      expect(matches).toHaveLength(1);
      expect(matches[0]!.subject).toMatch(/^Fare found: DEN → MCO on .+ for \$55\.00$/);
      expect(matches[0]!.text).toContain('Standard $55.00');
      expect(matches[0]!.html).toContain('Book on the airline');
      expect(received[1]!.to).toEqual([me.user!.email]);
      const [sent] = await deps.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.kind, 'match'));
      expect(sent).toMatchObject({ attempts: 4, lastError: null, failedAt: null });
      expect(sent!.deliveredAt).not.toBeNull();
      const [alert] = await deps.database.db.select().from(notifications).where(eq(notifications.id, sent!.notificationId));
      expect(alert).toMatchObject({ isCompleted: true, notificationSent: true, foundPriceCents: 5500 });
    } finally {
      await deps.alertMailer.idle();
      await app.close();
    }
  }, 90_000);

  it('an e-mail sent again after its sender died mid-send carries the same Message-ID, made from its outbox row', async () => {
    const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
    const { app, deps } = await buildAccountsTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, deps: { clock, jobs: noJobs } });
    try {
      const me = await signInAs(app, deps, 'premium');
      const create = (destination: string) =>
        app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: me.headers,
          payload: { origin_airport: 'DEN', destination_airport: destination, travel_dates: [addDays('2026-07-15', 3)], max_price: 60 },
        });
      const before = received.length;
      expect((await create('MCO')).statusCode).toBe(201);
      await deps.alertMailer.idle();
      const [row] = await deps.database.db.select().from(alertDeliveries);
      const first = await PostalMime.parse(received[before]!.raw);
      expect(first.messageId).toBe(alertEmailMessageId(row!.id, deps.config.APP_URL));
      expect(first.messageId).toBe(`<alert-email.${row!.id}@localhost>`);

      // The sender died after the mail server accepted the message and before the sent marker was written: the marker
      // is missing and the lease runs out, so the next drain sends it again.
      await deps.database.db.update(alertDeliveries).set({ deliveredAt: null, lockedUntil: null }).where(eq(alertDeliveries.id, row!.id));
      expect(await deps.alertMailer.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const repeat = await PostalMime.parse(received[before + 1]!.raw);
      expect(repeat.subject).toBe(first.subject);
      expect(repeat.messageId).toBe(first.messageId);

      // Another e-mail is another message.
      expect((await create('LAS')).statusCode).toBe(201);
      await deps.alertMailer.idle();
      const other = await PostalMime.parse(received[before + 2]!.raw);
      expect(other.messageId).toMatch(/^<alert-email\.[0-9a-f-]{36}@localhost>$/);
      expect(other.messageId).not.toBe(first.messageId);
    } finally {
      await deps.alertMailer.idle();
      await app.close();
    }
  }, 90_000);

  it(`gives up after ${EMAIL_MAX_ATTEMPTS} refused attempts and counts it as failed`, async () => {
    const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
    const { app, deps } = await buildAccountsTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, deps: { clock, jobs: noJobs } });
    try {
      refuse = 1000;
      const me = await signInAs(app, deps, 'premium');
      await app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: me.headers,
        payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [addDays('2026-07-15', 3)], max_price: 60 },
      });
      await deps.alertMailer.idle();
      for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt++) {
        clock.advance(emailBackoffMs(attempt));
        await deps.alertMailer.drain();
      }
      const [row] = await deps.database.db.select().from(alertDeliveries);
      expect(row).toMatchObject({ attempts: EMAIL_MAX_ATTEMPTS, deliveredAt: null });
      expect(row!.failedAt).not.toBeNull();
      expect(await deps.metrics.metrics()).toMatch(/alerts_emails_total\{kind="confirmation",result="failed"\} 1/);
    } finally {
      refuse = 0;
      await deps.alertMailer.idle();
      await app.close();
    }
  }, 90_000);
});
