import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import type { FlightFetchResult, FlightProvider, FlightQuery, RouteRibbon } from '../../../providers/flights/flights.provider';
import type { ObservationBridge } from './observe';
import { testGateway } from '../../../test/gateway';

const Q: FlightQuery = { origin: 'DEN', destination: 'LAS', date: '2026-04-05' };
const flights = [{ flight_number: 'F9 1' } as Flight];
const ribbon: RouteRibbon[] = [
  {
    origin: 'DEN',
    destination: 'LAS',
    days: [
      { date: '2026-04-04', lowestFare: 59 },
      { date: '2026-04-05', lowestFare: 49 },
      { date: '2026-04-06', lowestFare: 79 },
    ],
  },
];

/** A gateway over a scripted airline (the last answer repeats) whose observation bridge notes what it is handed. */
function setup(...answers: FlightFetchResult[]) {
  let calls = 0;
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: async () => answers[Math.min(calls++, answers.length - 1)]!,
  };
  const recorded: { query: FlightQuery; flights: Flight[]; at: string; ribbon?: readonly RouteRibbon[] }[] = [];
  const observations: ObservationBridge = {
    record: (query, f, at, r) => void recorded.push({ query, flights: f, at: at.toISOString(), ...(r ? { ribbon: r } : {}) }),
    latest: async () => undefined,
    served: () => {},
  };
  // Retries without waits, so the retried answer is kept at the same instant.
  const { gateway } = testGateway(provider, new Date('2026-04-01T12:00:00Z'), {
    concurrency: 10,
    retries: 2,
    breakerThreshold: 3,
    sleep: async () => {},
    observations,
  });
  return { gateway, recorded, calls: () => calls };
}

describe('the observe stage hands each page’s ribbon on with its answer (decision 243)', () => {
  it('passes the ribbon of the attempt that answered through the retries, once for queries coalesced, not for a cache hit', async () => {
    const { gateway, recorded, calls } = setup({ kind: 'server-error', status: 502 }, { kind: 'flights', flights, ribbon });
    const results = await Promise.all(Array.from({ length: 3 }, () => gateway.fetch(Q)));
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(calls()).toBe(2);
    expect(recorded).toEqual([{ query: Q, flights, at: '2026-04-01T12:00:00.000Z', ribbon }]);
    // The flight cache keeps the flights only: a cached answer is neither kept again nor carries a ribbon.
    const cached = await gateway.fetch(Q);
    expect(cached).toMatchObject({ status: 'ok', source: 'cache' });
    expect(recorded).toHaveLength(1);
  });

  it('hands no ribbon on for a page without one, nor an empty one', async () => {
    const { gateway, recorded } = setup({ kind: 'flights', flights, ribbon: [] });
    await gateway.fetch(Q);
    await gateway.fetch({ ...Q, date: '2026-04-06' });
    expect(recorded.map((r) => 'ribbon' in r)).toEqual([false, false]);
  });
});

describe('the provider stage tells the observation store of each attempt (decision 330)', () => {
  it('says when the site began answering and when the attempt ended, for a failed attempt and its retry alike', async () => {
    const events: string[] = [];
    let attempt = 0;
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async (_q, _signal, progress) => {
        const n = ++attempt;
        events.push(`request ${n}`);
        progress?.firstAnswer();
        return n === 1 ? { kind: 'server-error', status: 502 } : { kind: 'flights', flights };
      },
    };
    const observations: ObservationBridge = {
      record: () => void events.push('kept'),
      latest: async () => undefined,
      served: () => {},
      begin: () => {
        const n = attempt + 1;
        events.push(`began ${n}`);
        return { answering: () => void events.push(`answering ${n}`), end: () => void events.push(`ended ${n}`) };
      },
    };
    const { gateway } = testGateway(provider, new Date('2026-04-01T12:00:00Z'), { observations, retries: 1 });
    expect(await gateway.fetch(Q)).toMatchObject({ status: 'ok' });
    // Each attempt ends before its answer is kept: the store writes with that answer or a turn later (decision 330).
    expect(events).toEqual(['began 1', 'request 1', 'answering 1', 'ended 1', 'began 2', 'request 2', 'answering 2', 'ended 2', 'kept']);
  });
});
