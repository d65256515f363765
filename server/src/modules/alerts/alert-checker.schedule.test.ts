import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import type { FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { noJobs, recordingEmail, testFlight } from '../../test/alerts';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { createFlightsEngine } from '../flights/flights.module';

/**
 * The checker asks the gateway, so the airline's schedule (decision 242) spares it the page of a day the route does
 * not fly: 10:00 in Denver on 2026-07-15; DEN-MCO does not fly on the 17th.
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const FLIES = addDays('2026-07-15', 1);
const DOES_NOT_FLY = addDays('2026-07-15', 2);
const clock = manualClock(NOW);
const pages: FlightQuery[] = [];
const provider: FlightProvider = {
  name: 'scripted',
  demo: true,
  async fetchFlights(query) {
    pages.push(query);
    return { kind: 'flights', flights: query.date === DOES_NOT_FLY ? [] : [testFlight(query, { standard: 400 })] };
  },
  fetchSchedule: async () => ({ kind: 'schedule', lastAvailableDate: '2027-01-31', disabledDates: [DOES_NOT_FLY] }),
};
const engine = createFlightsEngine({
  config: testConfig(),
  clock,
  metrics: new Registry(),
  reference: { destinationsFrom: () => [], originsTo: () => [] },
  provider,
  gateway: { sleep: async () => {} },
});
let built: Awaited<ReturnType<typeof buildAccountsTestApp>>;

beforeAll(async () => {
  built = await buildAccountsTestApp({ deps: { clock, jobs: noJobs, email: recordingEmail(), flights: engine } });
}, 120_000);
afterAll(async () => {
  await built.app.close();
});

describe('the alert checker with the airline schedules', () => {
  it('asks no page for a day the route does not fly, and counts the day as answered', async () => {
    const { app, deps } = built;
    const me = await signInAs(app, deps, 'premium');
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: {
        origin_airport: 'DEN',
        destination_airport: 'MCO',
        travel_dates: [FLIES, DOES_NOT_FLY],
        max_price: 50,
        gowild_only: false,
      },
    });
    const id = res.json().notification.id as string;
    // Earlier, a search found that day empty: the route's schedule was read then. Its page has left the cache since.
    await engine.gateway.fetch({ origin: 'DEN', destination: 'MCO', date: DOES_NOT_FLY });
    await engine.gateway.schedulesIdle();
    clock.advance(11 * 60_000);
    pages.length = 0;

    const report = await deps.alertChecker.run();
    expect(pages.map((q) => q.date)).toEqual([FLIES]);
    expect(report).toMatchObject({ groups: 2, queried: 2, fromAirline: 1, fromCache: 1, failed: 0, matches: 0 });
    // Both dates answered: the alert was checked (not left for the next run), and stays open.
    const [row] = await deps.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ isCompleted: false, lastCheckedAt: clock.now() });
  });
});
