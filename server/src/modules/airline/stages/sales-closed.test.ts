import type { Flight } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../../providers/flights/flights.provider';
import { testGateway } from '../../../test/gateway';
import { type ObservationBridge, fetchLive } from './observe';
import { salesClosedFor } from './sales-closed';

// 12:00 UTC is 06:00 in Denver. The 08:00 flight stops selling at 07:00 (13:00 UTC), the 10:00 one at 09:00 (15:00).
const START = new Date('2026-04-01T12:00:00Z');
const leaving = (time: string) =>
  ({ origin: 'DEN', destination: 'LAS', flight_number: `F9 ${time}`, departure_time: `2026-04-01T${time}:00` }) as Flight;
const EIGHT = leaving('08:00');
const TEN = leaving('10:00');
const today = (destination = 'LAS'): FlightQuery => ({ origin: 'DEN', destination, date: '2026-04-01' });
const MINUTE = 60_000;

/** A gateway on a fake airline whose page is `page` (every request counted), with the latest observation `seen`. */
function setup(page: () => FlightFetchResult, seen?: { flights: Flight[]; checkedAt: number }) {
  let requests = 0;
  const provider: FlightProvider = {
    name: 'fake',
    demo: false,
    fetchFlights: async () => {
      requests++;
      return page();
    },
  };
  const observations: ObservationBridge = { record: () => {}, latest: async () => seen, served: () => {} };
  const { gateway, clock, metric } = testGateway(provider, START, { concurrency: 5, observations });
  const skips = () => metric('flight_sales_closed_skips_total', '{lane="traveller"}');
  return { gateway, clock, requests: () => requests, skips };
}

describe('a day whose sales have closed (decision 327)', () => {
  it('is answered from the kept answer with no airline request once every flight has stopped selling, fresh time after fresh time', async () => {
    const { gateway, clock, requests, skips } = setup(() => ({ kind: 'flights', flights: [EIGHT, TEN] }));
    await gateway.fetch(today());
    clock.advance(2 * 60 * MINUTE); // 08:00 in Denver: the 10:00 flight still sells
    await gateway.fetch(today());
    expect(requests()).toBe(2);
    clock.advance(75 * MINUTE); // 09:15: both have closed
    expect(await gateway.fetch(today())).toEqual({ status: 'ok', source: 'cache', ageSeconds: 0, flights: [EIGHT, TEN] });
    expect(requests()).toBe(2);
    expect(await skips()).toBe(1);
    // Within the fresh time, a plain cache hit; after it, closed again, and still no request.
    await gateway.fetch(today());
    clock.advance(30 * MINUTE);
    await gateway.fetch(today());
    expect(requests()).toBe(2);
    expect(await skips()).toBe(2);
  });

  it('reads the latest observation when the flight cache has nothing', async () => {
    const { gateway, clock, requests } = setup(() => ({ kind: 'flights', flights: [TEN] }), {
      flights: [EIGHT],
      checkedAt: START.getTime() - 3 * 60 * MINUTE,
    });
    clock.advance(90 * MINUTE); // 07:30 in Denver: the observed 08:00 flight has closed
    expect(await gateway.fetch(today())).toMatchObject({ status: 'ok', source: 'cache', flights: [EIGHT] });
    expect(requests()).toBe(0);
  });

  it('asks the airline while a flight still sells, for a later day, after an empty page or one with flights that did not read, and on a live re-check', async () => {
    let page: FlightFetchResult = { kind: 'flights', flights: [EIGHT] };
    const { gateway, clock, requests } = setup(() => page);
    await gateway.fetch(today());
    clock.advance(30 * MINUTE); // 06:30: the 08:00 flight still sells
    await gateway.fetch(today());
    expect(requests()).toBe(2);
    clock.advance(60 * MINUTE); // 07:30: closed, but a live re-check asks
    await fetchLive('DEN-LAS-2026-04-01', () => gateway.fetch(today()));
    expect(requests()).toBe(3);

    page = { kind: 'flights', flights: [] };
    await gateway.fetch(today('MCO'));
    clock.advance(11 * MINUTE);
    await gateway.fetch(today('MCO'));
    expect(requests()).toBe(5);

    page = { kind: 'flights', flights: [EIGHT], malformed: [{ field: 'fares', detail: 'unreadable' }] };
    await gateway.fetch(today('PHX'));
    clock.advance(11 * MINUTE);
    await gateway.fetch(today('PHX'));
    expect(requests()).toBe(7);
  });

  it('needs every flight closed, a known time zone, and a page that listed flights read whole', () => {
    const at = Date.parse('2026-04-01T14:00:00Z'); // 08:00 in Denver
    expect(salesClosedFor([EIGHT], 0, at)).toBe(true);
    expect(salesClosedFor([EIGHT, TEN], 0, at)).toBe(false);
    expect(salesClosedFor([], 0, at)).toBe(false);
    expect(salesClosedFor([EIGHT], 1, at)).toBe(false);
    expect(salesClosedFor([{ ...EIGHT, origin: 'ZZZ' }], 0, at)).toBe(false);
  });
});
