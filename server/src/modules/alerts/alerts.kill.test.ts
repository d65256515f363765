import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import { disposeAppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { createUser } from '../../test/factories';
import { killHarness } from '../../test/kill-harness';
import { EMAIL_LEASE_MS } from './alert-mailer';

/**
 * A checker process killed (SIGKILL) between the match and the e-mail, on the local PostgreSQL (`npm run test:pg`):
 * after a restart exactly one e-mail goes out. Two points: after the completion's transaction committed and before
 * any sender ran; and while a sender held the e-mail and the mail server had not answered.
 */
const NOW = '2026-07-15T16:00:00Z';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a checker killed between the match and the send', () => {
  const harness = killHarness<'after-commit' | 'mid-send'>({
    databasePrefix: 'gw_kill',
    child: 'alert-checker-child.ts',
    noMatch: 'the child found no match',
    now: NOW,
    fares: { standard: 50 },
  });
  const { killAt, restart } = harness;

  async function newAlert(): Promise<string> {
    const user = await createUser({ database: harness.database, clock: manualClock(new Date(NOW)) }, { isPremium: true });
    const [row] = await harness.database.db
      .insert(notifications)
      .values({
        userId: user.id,
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: [addDays('2026-07-15', 2)],
        maxPriceCents: 8000,
      })
      .returning();
    return row!.id;
  }
  const matchRow = async (id: string) =>
    (await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id))).find(
      (e) => e.kind === 'match',
    );

  it('after the completion committed: the restarted sender sends the one e-mail, and the next check adds none', async () => {
    const id = await newAlert();
    await killAt('after-commit');
    const [alert] = await harness.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(alert).toMatchObject({ isCompleted: true, foundPriceCents: 5000, notificationSent: false });
    expect(await matchRow(id)).toMatchObject({ attempts: 0, deliveredAt: null });

    const { deps, email } = await restart(10 * 60_000);
    try {
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 1 });
      expect((await deps.alertChecker.run()).matches).toBe(0);
      await deps.alertMailer.idle();
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 0 });
      expect(email.sent.filter((m) => m.subject.startsWith('Fare found'))).toHaveLength(1);
      expect(await matchRow(id)).toMatchObject({ attempts: 1 });
    } finally {
      await disposeAppDeps(deps);
    }
  }, 120_000);

  it('while the mail server had the message: it is sent again once the dead sender stops beating, exactly once', async () => {
    const id = await newAlert();
    await killAt('mid-send');
    expect(await matchRow(id)).toMatchObject({ attempts: 1, deliveredAt: null });

    // A minute on: the e-mail is due, and its lease (two minutes from the send) has not run out on this clock.
    const { deps, email, clock } = await restart(60_000);
    try {
      // Free once the dead sender's heartbeat has lapsed (decision 247), though its lease has not run out on this clock.
      await expect.poll(() => deps.alertMailer.leftBehind(), { timeout: 30_000, interval: 500 }).toBe(true);
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 1 });
      clock.advance(EMAIL_LEASE_MS);
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 0 });
      expect(email.sent.filter((m) => m.subject.startsWith('Fare found'))).toHaveLength(1);
      const [alert] = await harness.database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(alert).toMatchObject({ isCompleted: true, notificationSent: true });
    } finally {
      await disposeAppDeps(deps);
    }
  }, 120_000);
});
