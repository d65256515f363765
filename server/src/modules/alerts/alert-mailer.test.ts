import { addDays } from '@gowild/contract/dates';
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertDeliveries } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import type { EmailMessage, EmailProvider } from '../../providers/email/email.provider';
import { noJobs } from '../../test/alerts';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { SEND_CONCURRENCY } from './alert-mailer';

/** A mail server that accepts nothing until told to: every send waits. */
function heldEmail() {
  let hold = false;
  const waiting: (() => void)[] = [];
  const sent: EmailMessage[] = [];
  const provider: EmailProvider = {
    kind: 'outbox',
    async send(message) {
      if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
      sent.push(message);
    },
    async close() {},
  };
  return {
    provider,
    sent,
    waiting,
    hold: () => void (hold = true),
    release: () => {
      hold = false;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

describe('the alert e-mail sender (decision 147)', () => {
  it('leases only the e-mails it is sending: one per sender slot, so a crash can repeat only those in flight', async () => {
    const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
    const email = heldEmail();
    const { app, deps } = await buildAccountsTestApp({ deps: { clock, jobs: noJobs, email: email.provider } });
    try {
      // Eight confirmations queued (three alerts each for three users, the last one short).
      for (let u = 0; u < 3; u++) {
        const me = await signInAs(app, deps, 'premium');
        for (const destination of u < 2 ? ['MCO', 'LAS', 'ATL'] : ['MCO', 'LAS']) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/notifications',
            headers: me.headers,
            payload: { origin_airport: 'DEN', destination_airport: destination, travel_dates: [addDays('2026-07-15', 3)], max_price: 60 },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
      }
      await deps.alertMailer.idle();
      expect(email.sent).toHaveLength(8);
      // As if none had been sent: all due again, and the mail server now holds every message it is handed.
      await deps.database.db.update(alertDeliveries).set({ deliveredAt: null, lockedUntil: null });
      email.hold();
      const drain = deps.alertMailer.drain();
      await expect.poll(() => email.waiting.length).toBe(SEND_CONCURRENCY);

      const leased = await deps.database.db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(isNotNull(alertDeliveries.lockedUntil));
      expect(leased).toHaveLength(SEND_CONCURRENCY);

      email.release();
      await expect.poll(() => email.waiting.length === 0 && email.sent.length === 16).toBe(true);
      email.release();
      expect(await drain).toEqual({ sent: 8, retrying: 0, failed: 0 });
    } finally {
      email.release();
      await deps.alertMailer.idle();
      await app.close();
    }
  }, 90_000);
});
