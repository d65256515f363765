import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import { disposeAppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { createUser } from '../../test/factories';
import { killHarness } from '../../test/kill-harness';
import { windowOpensAt } from './alert-kinds/window-open';

/**
 * The window-open job killed (SIGKILL) on the local PostgreSQL (`npm run test:pg`): while the airline had the request
 * (nothing committed), and after the completion and its message were committed but before any sender ran. After a
 * restart exactly one message goes out, and the alert is completed once.
 */
const DATE = '2026-07-17';
const OPENS = windowOpensAt('DEN', 'MCO', DATE);
const NOW = new Date(OPENS.getTime() + 30_000).toISOString();

describe.skipIf(!process.env.TEST_DATABASE_URL)('the window-open job killed mid-way', () => {
  const harness = killHarness<'mid-check' | 'after-commit'>({
    databasePrefix: 'gw_wkill',
    child: 'window-open-child.ts',
    noMatch: 'the child found no GoWild',
    now: NOW,
    fares: { go_wild: { total: 29, seats: 3 } },
  });
  const { killAt, restart } = harness;

  async function newAlert(): Promise<string> {
    const user = await createUser(
      { database: harness.database, clock: manualClock(new Date('2026-07-15T16:00:00Z')) },
      { isPremium: true },
    );
    const [row] = await harness.database.db
      .insert(notifications)
      .values({
        userId: user.id,
        kind: 'window_open',
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: [DATE],
        gowildOnly: true,
        opensAt: OPENS,
      })
      .returning();
    return row!.id;
  }
  const messages = async (id: string) =>
    (await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, id))).filter(
      (e) => e.kind === 'window_open',
    );

  for (const point of ['mid-check', 'after-commit'] as const) {
    it(`killed ${point === 'mid-check' ? 'while the airline had the request' : 'after the completion committed'}: one message after the restart`, async () => {
      const id = await newAlert();
      await killAt(point);
      const [before] = await harness.database.db.select().from(notifications).where(eq(notifications.id, id));
      expect(before!.isCompleted).toBe(point === 'after-commit');
      expect(await messages(id)).toHaveLength(point === 'after-commit' ? 1 : 0);

      const { deps, email } = await restart(60_000);
      try {
        await deps.windowOpenChecker.run();
        await deps.alertMailer.idle();
        await deps.alertMailer.drain();
        await deps.windowOpenChecker.run();
        await deps.alertMailer.drain();
        expect(email.sent.filter((m) => m.subject.startsWith('GoWild is open'))).toHaveLength(1);
        expect(await messages(id)).toHaveLength(1);
        const [after] = await harness.database.db.select().from(notifications).where(eq(notifications.id, id));
        expect(after).toMatchObject({
          isCompleted: true,
          windowResult: 'gowild',
          foundPriceCents: 2900,
          foundSeats: 3,
          notificationSent: true,
        });
      } finally {
        await disposeAppDeps(deps);
      }
    }, 120_000);
  }
});
