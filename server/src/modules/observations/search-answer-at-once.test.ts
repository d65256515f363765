import type { Flight, SearchStreamEvent } from '@gowild/contract/flights';
import { searchStreamEventSchema } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import type { Caller, SearchGate, SearchOutcome } from '../accounts/accounts.module';
import { searchCounts } from '../accounts/accounts.module';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { createObservationStore } from './observation-store';
import { observationMetrics } from './observations.metrics';
import type { LatestAnswer } from './observations.repository';
import { createFlightsEngine } from '../flights/flights.module';

/**
 * Answer at once, confirm live (docs/product/search.md#answer-at-once): a streamed search sends each destination from
 * its latest observation before the airline answers, then again with the airline's answer; the summary comes last.
 * The airline here is slow on demand: `hold()` keeps every request waiting until `release()`.
 */
const NOW = new Date('2026-04-01T12:00:00Z');
const DATE = '2026-04-03';
const network = ['LAS', 'MCO', 'ATL'];

const flightTo = (q: FlightQuery, price: number, goWild: number | null = null): Flight =>
  ({
    origin: q.origin,
    destination: q.destination,
    departure_time: `${q.date}T08:00:00`,
    arrival_time: `${q.date}T10:00:00`,
    total_trip_time: '02:00',
    duration: 120,
    stops: 0,
    flight_number: 'F9 1',
    segments: [],
    fares: {
      go_wild: goWild === null ? null : { total: goWild, available_seats: 2 },
      standard: { total: price, available_seats: 3 },
      discount_den: null,
    },
    booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
    lowest_go_wild_price: goWild,
    lowest_price: goWild ?? price,
    flightHash: `h${q.destination}${price}`,
  }) as Flight;

/** The observation store on a repository kept in memory: the real store's queue, batching and look-ups. */
function memoryObservations() {
  const rows = new Map<string, LatestAnswer>();
  const key = (q: { origin: string; destination: string; date: string }) => `${q.origin}-${q.destination}-${q.date}`;
  const repository = {
    recordMany: async (answers: readonly (FlightQuery & { flights: Flight[]; at: Date })[]) => {
      for (const a of answers) rows.set(key(a), { flights: a.flights, checkedAt: a.at });
      return { inserted: answers.length, seenAgain: 0 };
    },
    recordRibbons: async () => ({ new: 0, changed: 0, seenAgain: 0, late: 0 }),
    latest: async (keys: readonly FlightQuery[]) =>
      new Map(keys.flatMap((k) => (rows.has(key(k)) ? [[key(k), rows.get(key(k))!] as const] : []))),
  };
  return createObservationStore({ repository, metrics: observationMetrics(new Registry()) });
}

/** A gate that lets a premium traveller in and records how each search was settled. */
function recordingGate() {
  const settled: (SearchOutcome & { charged: boolean })[] = [];
  const who: Caller = { userId: 'u1', email: 'u1@example.com', isPremium: true, isAdmin: false };
  const gate: SearchGate = {
    admit: async () => {
      let done: { charged: boolean } | null = null;
      return {
        caller: who,
        settle: async (o) => {
          if (done) return done;
          done = { charged: searchCounts(o) };
          settled.push({ ...o, ...done });
          return done;
        },
        cancel: async () => {
          done ??= { charged: false };
        },
      };
    },
  };
  return { gate, settled };
}

describe('a streamed search answers at once from observations, then confirms live', () => {
  const clock = manualClock(NOW);
  const observations = memoryObservations();
  const { gate, settled } = recordingGate();
  let answer: (q: FlightQuery) => FlightFetchResult = (q) => ({ kind: 'flights', flights: [flightTo(q, 161, 49)] });
  let held: Promise<void> | undefined;
  let release = () => {};
  const asked: string[] = [];
  const answered: string[] = [];
  const hold = () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  let base = '';
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];

  beforeAll(async () => {
    const provider: FlightProvider = {
      name: 'slow',
      demo: false,
      async fetchFlights(q) {
        asked.push(q.destination);
        await held;
        answered.push(q.destination);
        return answer(q);
      },
    };
    const flights = createFlightsEngine({
      config: testConfig({ UPSTREAM_RETRIES: '0', FLIGHT_CACHE_TTL_SECONDS: '600', FLIGHT_CACHE_STALE_SECONDS: '3600' }),
      clock,
      metrics: new Registry(),
      reference: {
        destinationsFrom: (o) => (o === 'DEN' ? network : []),
        originsTo: (d) => (network.includes(d) ? ['DEN'] : []),
      },
      provider,
      observations,
      gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1, hedge: false, earlyCut: false },
    });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: gate } }));
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    release();
    await app.close();
  });

  /** Opens the stream over real HTTP and reads it line by line, so what arrives before the airline answers is seen. */
  async function openStream(path: string) {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const events: SearchStreamEvent[] = [];
    /** Reads until `until` holds for the events so far (or the stream ends). */
    const readUntil = async (until: (events: SearchStreamEvent[]) => boolean) => {
      while (!until(events)) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          events.push(searchStreamEventSchema.parse(JSON.parse(buffer.slice(0, nl))));
          buffer = buffer.slice(nl + 1);
        }
      }
      return events;
    };
    return { events, readUntil };
  }
  const destinations = (events: SearchStreamEvent[]) =>
    events.filter((e): e is Extract<SearchStreamEvent, { type: 'destination' }> => e.type === 'destination');

  it('asks live as today when a route was never observed: one event per destination, none confirming', async () => {
    const stream = await openStream(`/api/flights/search/stream?origin=DEN&date=${DATE}`);
    const events = await stream.readUntil((es) => es.some((e) => e.type === 'summary'));
    expect(destinations(events).map((e) => e.confirming)).toEqual([undefined, undefined, undefined]);
    expect(destinations(events).every((e) => e.checked_at === NOW.toISOString())).toBe(true);
    await observations.flush();
  });

  it('sends every destination before the airline answers, then again confirmed with a newer checked_at, then the summary', async () => {
    const seenAt = NOW.toISOString();
    clock.advance(2 * 60 * 60_000);
    // Since then: MCO's GoWild sold out, LAS costs more, ATL is as it was.
    answer = (q) => ({
      kind: 'flights',
      flights: [q.destination === 'MCO' ? flightTo(q, 161) : flightTo(q, q.destination === 'LAS' ? 168 : 161, 49)],
    });
    asked.length = 0;
    answered.length = 0;
    hold();
    settled.length = 0;
    const stream = await openStream(`/api/flights/search/stream?origin=DEN&date=${DATE}`);
    const early = await stream.readUntil((es) => destinations(es).length === 3);
    // Every destination is on its way from what was seen two hours ago, while the airline has answered nothing.
    expect(answered).toEqual([]);
    expect(
      destinations(early)
        .map((e) => [e.code, e.confirming, e.checked_at, e.done])
        .sort(),
    ).toEqual([
      ['ATL', true, seenAt, 0],
      ['LAS', true, seenAt, 0],
      ['MCO', true, seenAt, 0],
    ]);
    expect(destinations(early).find((e) => e.code === 'MCO')?.flights[0]?.fares.go_wild?.total).toBe(49);
    expect(settled).toEqual([]);

    release();
    const all = await stream.readUntil((es) => es.some((e) => e.type === 'summary'));
    const confirmed = destinations(all).slice(3);
    expect(confirmed.map((e) => [e.code, e.confirming, e.checked_at]).sort()).toEqual([
      ['ATL', undefined, clock.now().toISOString()],
      ['LAS', undefined, clock.now().toISOString()],
      ['MCO', undefined, clock.now().toISOString()],
    ]);
    expect(confirmed.map((e) => e.done)).toEqual([1, 2, 3]);
    expect(confirmed.find((e) => e.code === 'MCO')?.flights[0]?.fares.go_wild).toBeNull();
    expect(confirmed.find((e) => e.code === 'LAS')?.flights[0]?.lowest_price).toBe(49);
    expect(confirmed.find((e) => e.code === 'LAS')?.flights[0]?.fares.standard?.total).toBe(168);
    expect(all.at(-1)).toMatchObject({ type: 'summary', summary: { total_destinations: 3 } });
    expect(asked.sort()).toEqual(['ATL', 'LAS', 'MCO']);
    // Counted once, as a whole search: three destinations checked, each counted once.
    expect(settled).toMatchObject([{ end: 'complete', destinations: 3, checked: 3, resultsFound: 3, charged: true }]);
    await observations.flush();
  });

  it('sends a destination once when its observation is still fresh: the gateway answers from it at once', async () => {
    clock.advance(5 * 60_000);
    asked.length = 0;
    const stream = await openStream(`/api/flights/search/stream?origin=DEN&date=${DATE}`);
    const events = await stream.readUntil((es) => es.some((e) => e.type === 'summary'));
    expect(destinations(events)).toHaveLength(3);
    expect(destinations(events).some((e) => e.confirming)).toBe(false);
    expect(asked).toEqual([]);
  });

  it('keeps the observed answer when the confirmation fails: the destination ends failed, listed in the summary', async () => {
    clock.advance(3 * 60 * 60_000);
    answer = (q) => (q.destination === 'ATL' ? { kind: 'server-error', status: 503 } : { kind: 'flights', flights: [flightTo(q, 170)] });
    const stream = await openStream(`/api/flights/search/stream?origin=DEN&date=${DATE}`);
    const all = await stream.readUntil((es) => es.some((e) => e.type === 'summary'));
    const atl = destinations(all).filter((e) => e.code === 'ATL');
    expect(atl.map((e) => [e.confirming, e.failed])).toEqual([
      [true, undefined],
      [undefined, true],
    ]);
    expect(atl[0]?.flights).toHaveLength(1);
    expect(all.at(-1)).toMatchObject({ type: 'summary', partial: true, failed: ['ATL'] });
  });

  it('the plain JSON answer keeps its shape and answers when confirmed', async () => {
    clock.advance(2 * 60 * 60_000);
    answer = (q) => ({ kind: 'flights', flights: [flightTo(q, 150)] });
    hold();
    answered.length = 0;
    const pending = app.inject({ method: 'GET', url: `/api/flights/search?origin=DEN&date=${DATE}` });
    let done = false;
    void pending.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);
    release();
    const body = (await pending).json();
    expect(body.checked_at).toEqual({ ATL: clock.now().toISOString(), LAS: clock.now().toISOString(), MCO: clock.now().toISOString() });
    expect(body.flights.LAS[0].lowest_price).toBe(150);
    expect(body).not.toHaveProperty('confirming');
  });
});
