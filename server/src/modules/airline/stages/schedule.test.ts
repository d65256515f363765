import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it, vi } from 'vitest';
import { createRequestBudget } from '../../../lib/upstream/request-budget';
import { createRateLimitStore } from '../../../lib/rate-limit';
import type { FlightFetchResult, FlightProvider, FlightQuery, ScheduleFetchResult } from '../../../providers/flights/flights.provider';
import { createRouteSchedules } from '../route-schedules';
import { testGateway } from '../../../test/gateway';
import type { GatewayOptions } from '../upstream-gateway';
import type { ObservationBridge } from './observe';

/** DEN to LAS flies every day but the 3rd and the 5th of April, and sells through June. */
const SCHEDULE: ScheduleFetchResult = { kind: 'schedule', disabledDates: ['2026-04-03', '2026-04-05'], lastAvailableDate: '2026-06-30' };
const q = (date: string, destination = 'LAS'): FlightQuery => ({ origin: 'DEN', destination, date });
const flight = { flight_number: 'F9 1' } as Flight;

/**
 * A fake airline: pages with one flight, none on the days its schedule names (schedules from `schedule`, by route);
 * every call in `calls`, in order.
 */
function airline(schedule: (destination: string) => ScheduleFetchResult | Promise<ScheduleFetchResult> = () => SCHEDULE) {
  const calls: string[] = [];
  const emptyOn = new Set(SCHEDULE.kind === 'schedule' ? SCHEDULE.disabledDates : []);
  let page: (query: FlightQuery) => Promise<FlightFetchResult> = async (query) => ({
    kind: 'flights',
    flights: emptyOn.has(query.date) ? [] : [flight],
  });
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: (query) => {
      calls.push(`page ${query.destination} ${query.date}`);
      return page(query);
    },
    fetchSchedule: async (route) => {
      calls.push(`schedule ${route.destination}`);
      return schedule(route.destination);
    },
  };
  return {
    provider,
    calls,
    pages: () => calls.filter((c) => c.startsWith('page')),
    setPage: (fn: typeof page) => (page = fn),
  };
}

function setup(provider: FlightProvider, overrides: Partial<GatewayOptions> = {}) {
  const recorded: { query: FlightQuery; flights: Flight[] }[] = [];
  const observations: ObservationBridge = {
    record: (query, flights) => void recorded.push({ query, flights }),
    latest: async () => undefined,
    served: () => {},
  };
  const built = testGateway(provider, new Date('2026-04-01T12:00:00Z'), (clock) => ({
    schedules: createRouteSchedules({ clock }),
    observations,
    ...overrides,
  }));
  return { ...built, recorded };
}

const DAY = 86_400_000;
const held = <T>() => {
  let release!: (v: T) => void;
  return { promise: new Promise<T>((r) => (release = r)), release: (v: T) => release(v) };
};

describe('the schedule stage', () => {
  it('asks no schedule while pages have flights, and one (in the background) after a later day without flights', async () => {
    const { provider, calls } = airline();
    const { gateway, metric } = setup(provider);
    expect(await gateway.fetch(q('2026-04-02'))).toMatchObject({ status: 'ok', source: 'upstream', flights: [flight] });
    await gateway.schedulesIdle();
    expect(calls).toEqual(['page LAS 2026-04-02']);
    expect(await gateway.fetch(q('2026-04-03'))).toMatchObject({ status: 'ok', source: 'upstream', flights: [] });
    await gateway.schedulesIdle();
    await gateway.fetch(q('2026-04-04'));
    expect(calls).toEqual(['page LAS 2026-04-02', 'page LAS 2026-04-03', 'schedule LAS', 'page LAS 2026-04-04']);
    expect(await metric('flight_schedule_requests_total', '{outcome="ok"}')).toBe(1);
  });

  it("takes no sign from an empty page for today (the day's flights may have left)", async () => {
    const { provider, calls, setPage } = airline();
    setPage(async () => ({ kind: 'flights', flights: [] }));
    const { gateway } = setup(provider);
    await gateway.fetch(q('2026-04-01'));
    await gateway.schedulesIdle();
    expect(calls).toEqual(['page LAS 2026-04-01']);
  });

  it('answers a day the route does not fly with no flights and no page request, kept in the cache and as an observation', async () => {
    const { provider, pages } = airline();
    const { gateway, metric, recorded } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    const r = await gateway.fetch(q('2026-04-05'), { lane: 'background' });
    expect(r).toEqual({ status: 'ok', flights: [], source: 'cache', ageSeconds: 0 });
    expect(pages()).toEqual(['page LAS 2026-04-03']);
    expect(await metric('flight_schedule_skips_total', '{lane="background"}')).toBe(1);
    expect(recorded.at(-1)).toEqual({ query: q('2026-04-05'), flights: [] });
    // The next asker finds it in the flight cache.
    expect(await gateway.fetch(q('2026-04-05'))).toMatchObject({ status: 'ok', source: 'cache', flights: [] });
    expect(await metric('flight_cache_hits_total')).toBe(1);
  });

  it('asks the page of a day the route flies, and skips a day past the last one sold', async () => {
    const { provider, pages } = airline();
    const { gateway } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    expect(await gateway.fetch(q('2026-04-04'))).toMatchObject({ source: 'upstream', flights: [flight] });
    expect(await gateway.fetch(q('2026-07-01'))).toMatchObject({ source: 'upstream' });
    expect(await gateway.fetch(q('2026-07-02'))).toMatchObject({ source: 'cache', flights: [] });
    expect(pages()).toEqual(['page LAS 2026-04-03', 'page LAS 2026-04-04', 'page LAS 2026-07-01']);
  });

  it('spends none of the traveller budget on a day the route does not fly', async () => {
    const { provider } = airline();
    const budget = { store: createRequestBudget(createRateLimitStore({})), limits: { free: 1, premium: 1 } };
    const { gateway } = setup(provider, { budget });
    const caller = { userId: 'ann', premium: false };
    await gateway.fetch(q('2026-04-03'), { caller });
    await gateway.schedulesIdle();
    expect(await gateway.fetch(q('2026-04-05'), { caller })).toMatchObject({ status: 'ok', flights: [] });
    expect(await gateway.fetch(q('2026-04-04'), { caller })).toMatchObject({ status: 'failed', reason: 'over-budget' });
  });

  it.each([
    ['a block', { kind: 'blocked', status: 403, reason: 'perimeterx' } as const, 'blocked'],
    ['a 5xx', { kind: 'server-error', status: 503 } as const, 'server_error'],
    ['an unreadable answer', { kind: 'page-changed', detail: 'not JSON' } as const, 'page_changed'],
  ])('after %s for the schedule asks pages as before, and not the schedule again within the back-off', async (_, answer, label) => {
    const { provider, calls, pages } = airline(() => answer);
    const { gateway, metric } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    await gateway.fetch(q('2026-04-05'));
    await gateway.schedulesIdle();
    expect(pages()).toEqual(['page LAS 2026-04-03', 'page LAS 2026-04-05']);
    expect(calls.filter((c) => c.startsWith('schedule'))).toHaveLength(1);
    expect(await metric('flight_schedule_requests_total', `{outcome="${label}"}`)).toBe(1);
  });

  it('asks pages as before when the schedule request throws or hangs past the time-out', async () => {
    let n = 0;
    const { provider, pages } = airline(() => {
      n++;
      return n === 1 ? Promise.reject(new Error('socket hang up')) : new Promise<ScheduleFetchResult>(() => {});
    });
    const { gateway, clock, metric } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    clock.advance(3_600_000);
    await gateway.fetch(q('2026-04-05'));
    await gateway.schedulesIdle();
    await gateway.fetch(q('2026-04-10'));
    expect(pages()).toHaveLength(3);
    expect(await metric('flight_schedule_requests_total', '{outcome="network_error"}')).toBe(1);
    expect(await metric('flight_schedule_requests_total', '{outcome="timeout"}')).toBe(1);
  });

  it('waits its turn behind travellers in the fair queue (background lane)', async () => {
    const { provider, calls, setPage } = airline();
    // A held page never times out here: the order is the fair queue's, whatever the machine's load.
    const { gateway, clock } = setup(provider, { concurrency: 1, timeoutMs: 60_000 });
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    // A day on, the read that named days off is read again; meanwhile a traveller holds the one slot.
    clock.advance(DAY + 1000);
    const slow = held<FlightFetchResult>();
    setPage((query) => (query.destination === 'SEA' ? slow.promise : Promise.resolve({ kind: 'flights', flights: [flight] })));
    calls.length = 0;
    const holding = gateway.fetch(q('2026-04-02', 'SEA'));
    await vi.waitFor(() => expect(calls).toEqual(['page SEA 2026-04-02']));
    const renewing = gateway.withoutService([q('2026-04-05')], { concurrency: 1 });
    await new Promise(setImmediate);
    const traveller = gateway.fetch(q('2026-04-02', 'MCO'));
    await new Promise(setImmediate);
    slow.release({ kind: 'flights', flights: [flight] });
    await Promise.all([holding, renewing, traveller]);
    expect(calls).toEqual(['page SEA 2026-04-02', 'page MCO 2026-04-02', 'schedule LAS']);
  });

  it('asks no schedule while the breaker is not closed', async () => {
    const { provider, calls, setPage } = airline();
    const { gateway, clock } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    clock.advance(DAY + 1000);
    setPage(async () => ({ kind: 'blocked', status: 403, reason: 'perimeterx' }));
    await gateway.fetch(q('2026-04-02', 'MCO'));
    await gateway.fetch(q('2026-04-02', 'ATL'));
    expect(gateway.breakerState()).toBe('open');
    calls.length = 0;
    expect(await gateway.withoutService([q('2026-04-05')], { concurrency: 1 })).toEqual({ keys: new Set(), asked: 0 });
    expect(calls).toEqual([]);
  });

  it('counts a blocked schedule request towards the breaker, as any blocked request', async () => {
    const { provider, setPage } = airline(() => ({ kind: 'blocked', status: 403, reason: 'captcha' }));
    setPage(async (query) =>
      query.date === '2026-04-03' ? { kind: 'flights', flights: [] } : { kind: 'blocked', status: 403, reason: 'perimeterx' },
    );
    const [withSchedules, without] = [setup(provider).gateway, setup(provider).gateway];
    without.setScheduleFilter(false);
    for (const gateway of [withSchedules, without]) {
      await gateway.fetch(q('2026-04-03'));
      await gateway.schedulesIdle();
      await gateway.fetch(q('2026-04-04'));
    }
    // The threshold is two blocks in a row: the schedule's and the next page's.
    expect(withSchedules.breakerState()).toBe('open');
    expect(without.breakerState()).toBe('closed');
  });

  it('asks every page while the filter is off, and when the airline publishes no schedule', async () => {
    const { provider, pages } = airline();
    const { gateway } = setup(provider);
    await gateway.fetch(q('2026-04-03'));
    await gateway.schedulesIdle();
    gateway.setScheduleFilter(false);
    await gateway.fetch(q('2026-04-05'));
    expect(pages()).toHaveLength(2);
    expect(await gateway.withoutService([q('2026-04-05')], { concurrency: 1 })).toEqual({ keys: new Set(), asked: 0 });

    const bare = airline();
    const { gateway: noSchedules } = setup({ ...bare.provider, fetchSchedule: undefined });
    await noSchedules.fetch(q('2026-04-03'));
    await noSchedules.fetch(q('2026-04-05'));
    expect(bare.calls).toEqual(['page LAS 2026-04-03', 'page LAS 2026-04-05']);
  });
});

describe('days without service, for the sweep', () => {
  it('asks again for the routes whose read named days off once it has aged, and for no other route', async () => {
    const everyDay: ScheduleFetchResult = { kind: 'schedule', disabledDates: [], lastAvailableDate: '2026-06-30' };
    const { provider, calls, setPage } = airline((destination) => (destination === 'LAS' ? SCHEDULE : everyDay));
    setPage(async (query) => ({ kind: 'flights', flights: query.date === '2026-04-03' ? [] : [flight] }));
    const { gateway, clock } = setup(provider);
    // Both routes showed an empty later day: both schedules are read.
    await gateway.fetch(q('2026-04-03'));
    await gateway.fetch(q('2026-04-03', 'MCO'));
    await gateway.schedulesIdle();
    clock.advance(DAY + 1000);
    calls.length = 0;
    const queries = [q('2026-04-03'), q('2026-04-04'), q('2026-04-05', 'MCO'), q('2026-04-03', 'SEA')];
    expect(await gateway.withoutService(queries, { concurrency: 2 })).toEqual({ keys: new Set(['DEN-LAS-2026-04-03']), asked: 1 });
    expect(calls).toEqual(['schedule LAS']);
    expect(await gateway.withoutService(queries, { concurrency: 2, maxAsks: 0 })).toMatchObject({ asked: 0 });
  });
});
