import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { noJobs, recordingEmail } from '../../test/alerts';
import { buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * The checker end to end on the offline airline: the in-process Frontier emulator behind the real adapter and the
 * gateway, on a pinned clock (10:00 in Denver; the emulator sells on the same clock).
 */
const NOW = new Date('2026-04-01T16:00:00Z');
const TOMORROW = addDays('2026-04-01', 1);
const clock = manualClock(NOW);
const email = recordingEmail();
let built: Awaited<ReturnType<typeof buildAccountsTestApp>>;

beforeAll(async () => {
  built = await buildAccountsTestApp({ deps: { clock, jobs: noJobs, email } });
}, 120_000);
afterAll(async () => {
  await built.deps.alertMailer.idle();
  await built.app.close();
});

describe('alert checker on the emulator', () => {
  it('a generous price matches tomorrow and mails the airline booking link; a price of $1 does not', async () => {
    const { app, deps } = built;
    const me = await signInAs(app, deps, 'premium');
    const create = (max_price: number) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: me.headers,
        payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [TOMORROW], max_price },
      });
    const generous = (await create(5000)).json().notification.id as string;
    const stingy = (await create(1)).json().notification.id as string;

    const report = await deps.alertChecker.run();
    await deps.alertMailer.idle();
    expect(report).toMatchObject({ alerts: 2, groups: 1, queried: 1, fromAirline: 1, failed: 0, matches: 1 });
    const [done] = await deps.database.db.select().from(notifications).where(eq(notifications.id, generous));
    const [open] = await deps.database.db.select().from(notifications).where(eq(notifications.id, stingy));
    expect(done).toMatchObject({ isCompleted: true, foundTravelDate: TOMORROW, notificationSent: true });
    expect(done!.foundPriceCents).toBeGreaterThan(0);
    expect(open).toMatchObject({ isCompleted: false, lastCheckedAt: NOW });

    const mails = email.sent.filter((m) => m.subject.startsWith('Fare found'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Book on the airline: https:\/\/booking\.flyfrontier\.com\/Flight\/InternalSelect\?\S+/);
    expect(mails[0]!.text).toContain(`http://localhost:3000/?origin=DEN&destination=MCO&date=${TOMORROW}`);
  });
});
