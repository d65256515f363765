import { addDays } from '@gowild/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { flightQueryKey } from '../../providers/flights/flights.provider';
import { noJobs } from '../../test/alerts';
import { buildTestApp } from '../../test/build-test-app';
import { fetchLive } from './flights.module';

/**
 * The schedule filter end to end (decision 242): the gateway, the Frontier adapter and the in-process emulator over
 * HTTP, on a pinned clock (10:00 in Denver; the emulator sells on the same clock). Thin routes of the emulator fly
 * four days a week, so its RetrieveSchedule names days without flights, and its results pages agree.
 */
const NOW = new Date('2026-04-01T16:00:00Z');
const TODAY = '2026-04-01';
let built: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  built = await buildTestApp({ deps: { clock: manualClock(NOW), jobs: noJobs } });
}, 120_000);
afterAll(async () => {
  await built.app.close();
});

/** A route of the network and three dates of the coming fortnight: two it does not fly (by the airline), one it flies. */
async function thinRoute() {
  const { flights, reference } = built.deps;
  for (const route of reference.routes()) {
    const said = await flights.provider.fetchSchedule!(route, AbortSignal.timeout(5000));
    if (said.kind !== 'schedule') throw new Error(`RetrieveSchedule answered ${said.kind}`);
    const [off, later] = said.disabledDates.filter((d) => d > addDays(TODAY, 1) && d <= addDays(TODAY, 14));
    const on = off && [addDays(off, -1), addDays(off, 1)].find((d) => !said.disabledDates.includes(d));
    if (off && later && on) return { route, off, later, on };
  }
  throw new Error('no route of the emulator has two days without flights in the next fortnight');
}

describe('the schedule filter on the emulator', () => {
  it("learns a route's schedule from its first empty day, then answers its other days without flights with no page request", async () => {
    const { flights } = built.deps;
    const emulator = flights.emulator!;
    const { route, off, later, on } = await thinRoute();
    emulator.resetStats();

    expect(await flights.gateway.fetch({ ...route, date: off })).toMatchObject({ status: 'ok', source: 'upstream', flights: [] });
    await flights.gateway.schedulesIdle();
    expect(emulator.stats).toMatchObject({ internalSelect: 1, schedules: 1 });

    const laterDay = { ...route, date: later };
    expect(await flights.gateway.fetch(laterDay)).toEqual({ status: 'ok', flights: [], source: 'cache', ageSeconds: 0 });
    expect(emulator.stats).toMatchObject({ internalSelect: 1, schedules: 1 });
    const flying = await flights.gateway.fetch({ ...route, date: on });
    expect(flying).toMatchObject({ status: 'ok', source: 'upstream' });
    expect(flying.status === 'ok' && flying.flights.length).toBeGreaterThan(0);

    // The site's own page for that later day, asked live with the filter off, has no flights either.
    flights.gateway.setScheduleFilter(false);
    const page = await fetchLive(flightQueryKey(laterDay), () => flights.gateway.fetch(laterDay));
    expect(page).toMatchObject({ status: 'ok', source: 'upstream', flights: [] });
    expect(emulator.stats).toMatchObject({ internalSelect: 3, schedules: 1 });
    flights.gateway.setScheduleFilter(true);
  });
});
