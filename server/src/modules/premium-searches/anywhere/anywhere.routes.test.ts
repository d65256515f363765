import { ANYWHERE_MESSAGES, type AnywhereStreamEvent, anywhereStreamEventSchema } from '@gowild/contract/anywhere';
import { addDays } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import type { FlightQuery } from '../../../providers/flights/flights.provider';
import { testFlight } from '../../../test/alerts';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';
import { createFlightsEngine } from '../../flights/flights.module';
import type { ObservationBridge } from '../../airline/airline.module';

/**
 * GET /api/flights/anywhere (docs/product/anywhere.md) through the real search gate and search log, on a scripted
 * airline (DEN flies to LAS and MCO): premium only, the range refused in words, every destination over the days in
 * the outbound search's event style, answered at once from what was last seen, one search in the log; and the CSV
 * export of the range and of the single-day search.
 */
const NOW = new Date('2026-04-01T12:00:00Z');
const D1 = '2026-04-02';
const D3 = addDays(D1, 2);
const clock = manualClock(NOW);
const asked: FlightQuery[] = [];
const flightsFor = (q: FlightQuery): Flight[] => [
  testFlight(q, { go_wild: 19.41, standard: 99 }, { departs: '08:00', arrives: '09:30', number: '1101' }),
  testFlight(q, { standard: { total: 129, seats: 2 } }, { departs: '17:10', arrives: '18:45', number: '1103' }),
];
/** Kept observations: which queries have one, and how old. */
let kept: (q: FlightQuery) => boolean = () => false;
const ageMs = 45 * 60_000;
const observations: ObservationBridge = {
  record: () => {},
  latest: async (q) => (kept(q) ? { flights: flightsFor(q), checkedAt: clock.now().getTime() - ageMs } : undefined),
  served: () => {},
};

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  const flights = createFlightsEngine({
    config: testConfig({ UPSTREAM_RETRIES: '0' }),
    clock,
    metrics: new Registry(),
    reference: { destinationsFrom: (o) => (o === 'DEN' ? ['LAS', 'MCO'] : []), originsTo: (d) => (d === 'LAS' ? ['DEN'] : []) },
    provider: {
      name: 'scripted',
      demo: false,
      fetchFlights: async (q) => {
        asked.push(q);
        return { kind: 'flights', flights: flightsFor(q) };
      },
    },
    observations,
    gateway: { sleep: async () => {}, retryBaseMs: 1, retryMaxMs: 1 },
  });
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock, flights } }));
}, 90_000);
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  kept = () => false;
  // Each test asks for days of its own, so no test is answered from another's flight cache.
  asked.length = 0;
});

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const events = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => anywhereStreamEventSchema.parse(JSON.parse(line)));
const logsOf = async (userId: string) => {
  await deps.searchLog.flush();
  return (await deps.database.db.query.searchLogs.findMany()).filter((l) => l.userId === userId);
};
const usage = async (headers: Record<string, string>) =>
  (await get('/api/auth/search-usage', headers)).json() as { searches_remaining: number | null };

describe('GET /api/flights/anywhere: who may search', () => {
  it('answers visitors 401 and free users 403 with the premium text, spending none of their quota', async () => {
    expect((await get(`/api/flights/anywhere?origin=DEN&from=${D1}&to=${D3}`, {})).statusCode).toBe(401);
    const free = await signInAs(app, deps, 'free');
    const before = await usage(free.headers);
    const res = await get(`/api/flights/anywhere?origin=DEN&from=${D1}&to=${D3}`, free.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: ANYWHERE_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
    expect(await usage(free.headers)).toEqual(before);
    expect(await logsOf(free.user!.id)).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('refuses a range it cannot search with 400 and the reason, logging nothing', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const cases: [string, string][] = [
      [`from=${D1}&to=${D3}`, 'Origin airport code is required'],
      [`origin=DEN&to=${D3}`, ANYWHERE_MESSAGES.fromRequired],
      [`origin=DEN&from=${D1}`, ANYWHERE_MESSAGES.toRequired],
      [`origin=DEN&from=tomorrow&to=${D3}`, ANYWHERE_MESSAGES.fromInvalid],
      [`origin=DEN&from=${D1}&to=2026-04-31`, ANYWHERE_MESSAGES.toInvalid],
      [`origin=DEN&from=${D3}&to=${D1}`, ANYWHERE_MESSAGES.toBeforeFrom],
      [`origin=DEN&from=${D1}&to=${addDays(D1, 7)}`, ANYWHERE_MESSAGES.tooManyDays],
      [`origin=ZZZ&from=${D1}&to=${D3}`, 'Unknown airport code: ZZZ'],
      [`origin=DEN&from=2026-03-20&to=2026-03-22`, 'Departure date cannot be in the past'],
      [`origin=DEN&from=${addDays('2026-04-01', 363)}&to=${addDays('2026-04-01', 367)}`, 'Departure date must be within the next 365 days'],
      [`origin=DEN&from=${D1}&to=${D3}&format=xml`, 'format must be csv, or left out for the usual answer'],
    ];
    for (const [q, message] of cases) {
      const res = await get(`/api/flights/anywhere?${q}`, premium.headers);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json().error, q).toBe(message);
    }
    expect(await logsOf(premium.user!.id)).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('GET /api/flights/anywhere: the streamed answer', () => {
  it('sends every destination with its flights of every day, asks each route-day once, and counts as one search', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const res = await get(`/api/flights/anywhere?origin=DEN&from=${D1}&to=${D3}`, premium.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const [start, ...rest] = events(res.body);
    expect(start).toMatchObject({
      type: 'start',
      total: 2,
      codes: ['LAS', 'MCO'],
      search_parameters: { origin: 'DEN', origin_airports: ['DEN'], from: D1, to: D3, dates: [D1, addDays(D1, 1), D3] },
    });
    const destinations = rest.filter((e): e is Extract<AnywhereStreamEvent, { type: 'destination' }> => e.type === 'destination');
    expect(destinations.map((e) => e.code).sort()).toEqual(['LAS', 'MCO']);
    for (const e of destinations) {
      expect(e.confirming).toBeUndefined();
      expect([...new Set(e.flights.map((f) => f.departure_time.slice(0, 10)))].sort()).toEqual([D1, addDays(D1, 1), D3]);
      expect(e.flights).toHaveLength(6);
    }
    expect(rest.at(-1)).toMatchObject({ type: 'summary', summary: { total_destinations: 2, total_flights: 12 } });
    // 2 routes x 3 days, each asked once.
    expect(asked.map((q) => `${q.destination} ${q.date}`).sort()).toEqual(
      ['LAS', 'MCO'].flatMap((d) => [D1, addDays(D1, 1), D3].map((day) => `${d} ${day}`)).sort(),
    );
    expect(await logsOf(premium.user!.id)).toMatchObject([
      {
        searchType: 'anywhere',
        originAirport: 'DEN',
        searchDate: D1,
        outcome: 'complete',
        charged: true,
        destinationsTotal: 2,
        totalFlights: 12,
      },
    ]);
  });

  it('answers at once from what was last seen, then confirms each destination live, still one search', async () => {
    kept = () => true;
    const premium = await signInAs(app, deps, 'premium');
    const from = addDays(D1, 10);
    const res = await get(`/api/flights/anywhere?origin=DEN&from=${from}&to=${addDays(from, 1)}`, premium.headers);
    expect(res.statusCode, res.body).toBe(200);
    const sent = events(res.body).filter((e) => e.type === 'destination');
    for (const code of ['LAS', 'MCO']) {
      const mine = sent.filter((e) => e.type === 'destination' && e.code === code);
      expect(mine.map((e) => e.type === 'destination' && e.confirming === true)).toEqual([true, false]);
    }
    expect(asked).toHaveLength(4);
    const logs = await logsOf(premium.user!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ searchType: 'anywhere', charged: true, resultsFound: 2, totalFlights: 8 });
  });
});

describe('format=csv', () => {
  const rowsOf = (body: string) => body.trim().split('\r\n');

  it('exports the range as a CSV file: a header row, one flight per row, seats for premium, named for the search', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const from = addDays(D1, 20);
    const to = addDays(from, 1);
    const res = await get(`/api/flights/anywhere?origin=den&from=${from}&to=${to}&format=csv`, premium.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gowild-DEN-${from}-to-${to}.csv"`);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toBe(
      'Origin,Destination,Destination city,Date,Departs (local),Arrives (local),Stops,Duration (minutes),Flight,Fare type,Price (USD),GoWild (USD),Standard (USD),Discount Den (USD),Seats,Booking link',
    );
    expect(rows).toHaveLength(8);
    // Timetable order: by departure, then destination.
    expect(rows[0]).toBe(
      `DEN,LAS,Las Vegas,${from},${from} 08:00,${from} 09:30,0,195,1101,GoWild,19.41,19.41,99.00,,5,https://booking.example/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=${from}&fare=gowild`,
    );
    expect(rows[3]).toMatch(new RegExp(`^DEN,MCO,Orlando,${from},${from} 17:10,.*,Standard,129.00,,129.00,,2,`));
    expect(await logsOf(premium.user!.id)).toMatchObject([{ searchType: 'anywhere', charged: true }]);
  });

  it('exports the single-day search too, without seats for a free user, as the same search (a free repeat)', async () => {
    const free = await signInAs(app, deps, 'free');
    const date = addDays(D1, 30);
    const { searches_remaining: before } = await usage(free.headers);
    expect((await get(`/api/flights/search?origin=DEN&date=${date}`, free.headers)).statusCode).toBe(200);
    const res = await get(`/api/flights/search?origin=DEN&date=${date}&format=csv`, free.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gowild-DEN-${date}.csv"`);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).not.toContain('Seats');
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.startsWith('DEN,') && r.includes(`,${date},`))).toBe(true);
    // The search and its export are one search of the day's quota.
    expect((await usage(free.headers)).searches_remaining).toBe(before! - 1);
  });

  it('exports the inbound search (every origin into one airport) the same way, premium only', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const date = addDays(D1, 31);
    const res = await get(`/api/flights/inbound?destination=LAS&date=${date}&format=csv`, premium.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gowild-Inbound-to-LAS-${date}.csv"`);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toContain(',Seats,');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.startsWith(`DEN,LAS,Las Vegas,${date},`))).toBe(true);
    const free = await signInAs(app, deps, 'free');
    expect((await get(`/api/flights/inbound?destination=LAS&date=${date}&format=csv`, free.headers)).statusCode).toBe(403);
  });
});
