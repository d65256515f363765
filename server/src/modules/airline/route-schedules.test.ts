import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { type AskSchedule, type RouteSchedule, type SharedSchedules, createRouteSchedules, noServiceOn } from './route-schedules';

const DEN_LAS = { origin: 'DEN', destination: 'LAS' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SAID = { disabledDates: ['2026-04-03', '2026-04-05'], lastAvailableDate: '2026-06-30' };

/** An airline whose schedule answers come from `answer`, counting the asks per route. */
function airline(answer: () => Promise<Omit<RouteSchedule, 'fetchedAt'> | undefined> = async () => SAID) {
  const asks: string[] = [];
  const ask: AskSchedule = (route) => {
    asks.push(`${route.origin}-${route.destination}`);
    return answer();
  };
  return { ask, asks };
}

/** One Redis as every "process" of a test sees it, in memory; `down` makes every call unknown, as a dead Redis does. */
function sharedStore(clock: { now(): Date }) {
  const values = new Map<string, RouteSchedule>();
  const claims = new Map<string, number>();
  const state = { down: false };
  const held = (key: string) => (claims.get(key) ?? 0) > clock.now().getTime();
  const store: SharedSchedules = {
    read: async (key) => (state.down ? undefined : (values.get(key) ?? null)),
    async claim(key, ms) {
      if (state.down) return undefined;
      if (held(key)) return false;
      claims.set(key, clock.now().getTime() + ms);
      return true;
    },
    async write(key, schedule, ms) {
      if (state.down) return;
      values.set(key, schedule);
      claims.set(key, clock.now().getTime() + ms);
    },
    async backOff(key, ms) {
      if (!state.down) claims.set(key, clock.now().getTime() + ms);
    },
  };
  return { store, state };
}

describe('noServiceOn', () => {
  const READ_AT = Date.parse('2026-04-01T12:00:00Z');
  const schedule: RouteSchedule = { ...SAID, fetchedAt: READ_AT };
  it('is true on a disabled day and false on a day the route flies', () => {
    expect(noServiceOn(schedule, '2026-04-03', READ_AT)).toBe(true);
    expect(noServiceOn(schedule, '2026-04-04', READ_AT)).toBe(false);
  });
  it('is true past the last day sold, with a day of slack and a day more for each day the read has aged', () => {
    expect(noServiceOn(schedule, '2026-07-01', READ_AT)).toBe(false);
    expect(noServiceOn(schedule, '2026-07-02', READ_AT)).toBe(true);
    expect(noServiceOn(schedule, '2026-07-04', READ_AT + 3 * DAY)).toBe(false);
    expect(noServiceOn(schedule, '2026-07-05', READ_AT + 3 * DAY)).toBe(true);
    expect(noServiceOn({ ...schedule, lastAvailableDate: null }, '2027-01-01', READ_AT)).toBe(false);
  });
});

describe('route schedules in one process', () => {
  it('asks a route once, then answers from the read for a day, and asks again after it', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock });
    const { ask, asks } = airline();
    expect(await schedules.known(DEN_LAS)).toBeUndefined();
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject({ ...SAID, fetchedAt: clock.now().getTime() });
    clock.advance(DAY - 1000);
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(await schedules.known(DEN_LAS)).toMatchObject(SAID);
    expect(asks).toEqual(['DEN-LAS']);
    clock.advance(2000);
    expect(await schedules.known(DEN_LAS)).toBeUndefined();
    await schedules.learn(DEN_LAS, ask);
    expect(asks).toEqual(['DEN-LAS', 'DEN-LAS']);
  });

  it('trusts a read that names no day without service for a week, as it can rule out no day', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock });
    const { ask, asks } = airline(async () => ({ disabledDates: [], lastAvailableDate: '2026-06-30' }));
    await schedules.learn(DEN_LAS, ask);
    clock.advance(7 * DAY - 1000);
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject({ disabledDates: [] });
    expect(asks).toHaveLength(1);
    clock.advance(2000);
    await schedules.learn(DEN_LAS, ask);
    expect(asks).toHaveLength(2);
  });

  it('renews only a route whose last read named days off, once that read has aged past a day', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock });
    const everyDay = { origin: 'DEN', destination: 'MCO' };
    const { ask, asks } = airline(async () => SAID);
    expect(await schedules.renew(DEN_LAS, ask)).toBeUndefined();
    expect(asks).toEqual([]);
    await schedules.learn(DEN_LAS, ask);
    await schedules.learn(everyDay, async () => ({ disabledDates: [], lastAvailableDate: null }));
    clock.advance(DAY + 1000);
    expect(schedules.hadDaysOff(DEN_LAS)).toBe(true);
    expect(await schedules.renew(DEN_LAS, ask)).toMatchObject(SAID);
    expect(await schedules.renew(everyDay, ask)).toMatchObject({ disabledDates: [] });
    expect(asks).toEqual(['DEN-LAS', 'DEN-LAS']);
  });

  it('shares one ask among callers who want the same route at once', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock });
    const { ask, asks } = airline();
    const got = await Promise.all(Array.from({ length: 5 }, () => schedules.learn(DEN_LAS, ask)));
    expect(got.every((s) => s?.lastAvailableDate === SAID.lastAvailableDate)).toBe(true);
    expect(asks).toHaveLength(1);
  });

  it('after a failed ask (no answer, or the ask throwing) waits the back-off before asking again', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock, backOffMs: HOUR });
    let fails = 2;
    const { ask, asks } = airline(async () => {
      fails--;
      if (fails === 1) return undefined;
      if (fails === 0) throw new Error('socket hang up');
      return SAID;
    });
    expect(await schedules.learn(DEN_LAS, ask)).toBeUndefined();
    clock.advance(HOUR - 1000);
    expect(await schedules.learn(DEN_LAS, ask)).toBeUndefined();
    expect(asks).toHaveLength(1);
    clock.advance(1000);
    expect(await schedules.learn(DEN_LAS, ask)).toBeUndefined();
    clock.advance(HOUR);
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(asks).toHaveLength(3);
  });

  it('waits for the asks under way when told to (idle)', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const schedules = createRouteSchedules({ clock });
    let answer!: (v: typeof SAID) => void;
    const { ask } = airline(() => new Promise((r) => (answer = r)));
    void schedules.learn(DEN_LAS, ask);
    let idle = false;
    const waiting = schedules.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(idle).toBe(false);
    answer(SAID);
    await waiting;
    expect(await schedules.known(DEN_LAS)).toMatchObject(SAID);
  });
});

describe('route schedules shared by processes', () => {
  it('asks a route once a day across processes; the others read its answer', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const { store } = sharedStore(clock);
    const [a, b] = [createRouteSchedules({ clock, shared: store }), createRouteSchedules({ clock, shared: store })];
    const { ask, asks } = airline();
    expect(await a.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(await b.known(DEN_LAS)).toMatchObject(SAID);
    expect(await b.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(asks).toHaveLength(1);
  });

  it('renews in one process a route another read with days off, once that read has aged', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const { store } = sharedStore(clock);
    const [a, b] = [createRouteSchedules({ clock, shared: store }), createRouteSchedules({ clock, shared: store })];
    const { ask, asks } = airline();
    await a.learn(DEN_LAS, ask);
    clock.advance(DAY + 1000);
    expect(await b.renew(DEN_LAS, ask)).toMatchObject(SAID);
    expect(await a.known(DEN_LAS)).toMatchObject(SAID);
    expect(asks).toHaveLength(2);
  });

  it('holds a failed route for the back-off in every process', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const { store } = sharedStore(clock);
    const [a, b] = [createRouteSchedules({ clock, shared: store }), createRouteSchedules({ clock, shared: store })];
    const { ask, asks } = airline(async () => undefined);
    await a.learn(DEN_LAS, ask);
    clock.advance(10 * 60_000);
    expect(await b.learn(DEN_LAS, ask)).toBeUndefined();
    expect(asks).toHaveLength(1);
    clock.advance(HOUR);
    await b.learn(DEN_LAS, ask);
    expect(asks).toHaveLength(2);
  });

  it('with the store away, each process keeps its own reads and claims, and nothing throws', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const { store, state } = sharedStore(clock);
    state.down = true;
    const schedules = createRouteSchedules({ clock, shared: store });
    const { ask, asks } = airline();
    expect(await schedules.known(DEN_LAS)).toBeUndefined();
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(await schedules.learn(DEN_LAS, ask)).toMatchObject(SAID);
    expect(asks).toHaveLength(1);
  });

  it('reads the store for a route it knows nothing of at most once a minute', async () => {
    const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
    const { store } = sharedStore(clock);
    let reads = 0;
    const counted: SharedSchedules = { ...store, read: (key) => (reads++, store.read(key)) };
    const schedules = createRouteSchedules({ clock, shared: counted, lookAgainMs: 60_000 });
    await Promise.all(Array.from({ length: 10 }, () => schedules.known(DEN_LAS)));
    await schedules.known(DEN_LAS);
    expect(reads).toBe(1);
    clock.advance(60_000);
    await schedules.known(DEN_LAS);
    expect(reads).toBe(2);
  });
});
