import { request } from 'node:http';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import type { Flight, SearchStreamEvent } from '@gowild/contract/flights';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config';
import { manualClock } from '../../lib/clock';
import type { FlightFetchResult, FlightProvider, FlightQuery } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { fixedCallerGate } from '../../test/search-gates';
import { createFlightsEngine } from './flights.module';

const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';
const BUILD_TIMEOUT = 90_000;

describe('compressed search answers (emulator)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    ({ app } = await buildTestApp({ deps: { clock: manualClock(NOW), searchGate: fixedCallerGate({ isPremium: true }).gate } }));
  }, BUILD_TIMEOUT);
  afterAll(async () => {
    await app.close();
  });

  it('sends the search answer in br or gzip as the client accepts, the same JSON once decompressed', async () => {
    const url = `/api/flights/search?origin=DEN&date=${TOMORROW}`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(50_000);
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // One ETag for the answer, whatever coding carries it.
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });
});

describe('the compressed NDJSON stream (fake airline)', () => {
  const network = ['LAS', 'MCO', 'ATL'].map((destination) => ({ origin: 'DEN', destination }));
  const reference = {
    routes: () => network,
    isBlackout: () => false,
    destinationsFrom: (o: string) => network.filter((r) => r.origin === o).map((r) => r.destination),
    originsTo: (d: string) => network.filter((r) => r.destination === d).map((r) => r.origin),
  };
  const flightTo = (q: FlightQuery): Flight =>
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
      fares: { go_wild: null, standard: { total: 99, available_seats: 3 }, discount_den: null },
      booking_links: { go_wild: null, standard: 'https://booking.flyfrontier.com/x', discount_den: null },
      lowest_go_wild_price: null,
      lowest_price: 99,
      flightHash: `h${q.destination}`,
    }) as Flight;

  // ATL's answer waits until the test lets it go: everything written before it must reach the client first.
  let releaseAtl: () => void = () => {};
  let atlHeld = Promise.resolve();
  const holdAtl = () => (atlHeld = new Promise<void>((resolve) => (releaseAtl = resolve)));
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let address: URL;
  beforeAll(async () => {
    const provider: FlightProvider = {
      name: 'fake',
      demo: false,
      fetchFlights: async (q): Promise<FlightFetchResult> => {
        if (q.destination === 'ATL') await atlHeld;
        return { kind: 'flights', flights: [flightTo(q)] };
      },
    };
    const clock = manualClock(NOW);
    const flights = createFlightsEngine({ config: testConfig(), clock, metrics: new Registry(), reference, provider });
    ({ app } = await buildTestApp({ deps: { clock, flights, searchGate: fixedCallerGate({ isPremium: true }).gate } }));
    address = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
  }, BUILD_TIMEOUT);
  afterAll(async () => {
    releaseAtl();
    await app.close();
  });

  it.each(['gzip', 'br'] as const)('flushes each event as it is written (%s)', async (coding) => {
    holdAtl();
    const date = coding === 'gzip' ? '2026-04-03' : '2026-04-04';
    let text = '';
    let encoding: string | undefined;
    const done = new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: address.hostname,
          port: address.port,
          path: `/api/flights/search/stream?origin=DEN&date=${date}`,
          headers: { 'accept-encoding': coding },
        },
        (res) => {
          encoding = res.headers['content-encoding'];
          const decoder = coding === 'gzip' ? createGunzip() : createBrotliDecompress();
          res.pipe(decoder);
          decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
          decoder.on('end', resolve);
          decoder.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    const events = () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as SearchStreamEvent);
    // With ATL still held, the start event and both other destinations are already readable at the client.
    await vi.waitFor(() => expect(events().filter((e) => e.type === 'destination')).toHaveLength(2), { timeout: 10_000 });
    expect(encoding).toBe(coding);
    expect(events()[0]?.type).toBe('start');
    expect(events().some((e) => e.type === 'summary')).toBe(false);
    releaseAtl();
    await done;
    expect(events().map((e) => e.type)).toEqual(['start', 'destination', 'destination', 'destination', 'summary']);
  });
});
