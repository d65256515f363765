import { flightSearchResponseSchema, searchStreamEventSchema } from '@gowild/contract/flights';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { buildTestApp } from '../../test/build-test-app';
import { fixedCallerGate } from '../../test/search-gates';

// 06:00 in Denver; the in-process emulator answers over HTTP with no added latency.
const NOW = new Date('2026-04-01T12:00:00Z');
const gate = fixedCallerGate({ isPremium: true });
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    deps: { clock: manualClock(NOW), searchGate: gate.gate },
  }));
});
afterAll(async () => {
  await app.close();
});

const ROUTES = [
  '/api/flights/search',
  '/api/flights/single',
  '/api/flights/inbound',
  '/api/flights/search/stream',
  '/api/flights/inbound/stream',
];

/** Airport inputs a user or a hand-edited link might send: real, differently cased, padded, cities, lists, junk. */
const airport = fc.oneof(
  fc.constantFrom('DEN', 'den', ' las ', 'MCO', 'SJU', 'CITY:NYC', 'city:chi', 'CITY:XYZ', 'XYZ', 'DEN,LAS', 'den, ,mco', ',', '   ', ''),
  fc.array(fc.constantFrom('DEN', 'LAS', 'ATL', 'city:was', 'Q'), { minLength: 1, maxLength: 14 }).map((a) => a.join(',')),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const date = fc.oneof(
  fc.constantFrom(
    '2026-04-01',
    '2026-04-02',
    '2026-04-03',
    '2026-03-31',
    '2027-05-01',
    '2026-02-30',
    '2026-13-01',
    '04/02/2026',
    ' 2026-04-02 ',
    '',
  ),
  fc.string({ maxLength: 12 }),
);
const maxWorkers = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.constantFrom('', ' ', 'abc', '1e400', '-0', '2.5', '0x10', 'NaN', 'Infinity', '9'.repeat(40)),
);
/** Each parameter absent, once, or (rarely) repeated, which the query parser turns into an array. */
const param = (name: string, value: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant([] as string[]) },
    { weight: 6, arbitrary: value.map((v) => [`${name}=${encodeURIComponent(v)}`]) },
    {
      weight: 1,
      arbitrary: fc.tuple(value, value).map(([a, b]) => [`${name}=${encodeURIComponent(a)}`, `${name}=${encodeURIComponent(b)}`]),
    },
  );
/** Inputs that should mostly be searched, so the answer and stream paths get exercised as much as the refusals. */
const plausible = fc
  .record(
    {
      origin: fc.constantFrom('DEN', 'den', ' las ', 'CITY:NYC', 'mco,atl', 'city:chi'),
      destination: fc.constantFrom('', 'LAS', ' mco', 'city:was', 'DEN'),
      date: fc.constantFrom('2026-04-01', '2026-04-02', '2026-04-03', '2026-05-10', ''),
      max_workers: fc.constantFrom('', '1', '3', '500', '-2', '0'),
    },
    { requiredKeys: ['origin', 'destination'] },
  )
  .map((r) =>
    Object.entries(r)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&'),
  );
const queryString = fc.oneof(
  { weight: 5, arbitrary: plausible },
  {
    weight: 5,
    arbitrary: fc
      .tuple(param('origin', airport), param('destination', airport), param('date', date), param('max_workers', maxWorkers))
      .map((ps) => ps.flat().join('&')),
  },
  // Raw bytes after the '?', percent signs and all.
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => s.replace(/[#\s]/g, '')) },
);

function expectErrorBody(body: unknown) {
  expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: expect.any(String) });
}

describe('flight search routes under random query strings', () => {
  it('never answer with a 5xx, and answer 200 in the documented answer shape or a JSON 400', async () => {
    const seen = { 200: 0, 400: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), queryString, async (route, qs) => {
        const res = await app.inject({ method: 'GET', url: `${route}?${qs}` });
        expect(res.statusCode, `${route}?${qs}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect([200, 400]).toContain(res.statusCode);
        seen[res.statusCode as 200 | 400]++;
        if (res.statusCode === 400) return expectErrorBody(res.json());
        if (!route.endsWith('/stream')) {
          expect(flightSearchResponseSchema.safeParse(res.json()).success).toBe(true);
          return;
        }
        const events = res.body
          .trim()
          .split('\n')
          .map((line) => searchStreamEventSchema.parse(JSON.parse(line)));
        expect(events[0]?.type).toBe('start');
        const last = events.at(-1);
        expect(last?.type === 'summary' || (last?.type === 'error' && last.status < 500), `${route}?${qs}: ${JSON.stringify(last)}`).toBe(
          true,
        );
      }),
      { numRuns: 250 },
    );
    // The inputs reach real searches as well as every kind of refusal.
    expect(seen[200]).toBeGreaterThan(10);
    expect(seen[400]).toBeGreaterThan(10);
  }, 120_000);
});

describe('wrong types in the query', () => {
  it.each([
    ['/api/flights/search?origin=DEN&date=2026-04-02&max_workers=abc', 'max_workers'],
    ['/api/flights/search?origin=DEN&date=2026-04-02&max_workers=1e400', 'max_workers'],
    ['/api/flights/search?origin=DEN&date=2026-04-02&max_workers=2.5', 'max_workers'],
    ['/api/flights/inbound/stream?destination=LAS&max_workers=abc', 'max_workers'],
    ['/api/flights/search?origin=DEN&origin=LAS&date=2026-04-02', 'origin'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toContain(field);
  });

  it.each([
    ['/api/flights/search?origin=DEN&date=2026-02-30', 'Departure date must be a real date in YYYY-MM-DD format'],
    [`/api/flights/search?origin=${'DEN,'.repeat(400)}&date=2026-04-02`, 'Too many airports in one search (at most 10)'],
    ['/api/flights/search?origin=DEN&destination=CITY:XYZ&date=2026-04-02', 'Unknown city: CITY:XYZ'],
  ])('%s is a 400: %s', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST' });
  });

  it('reads an empty max_workers as the default, not as zero', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/flights/search?origin=DEN&destination=LAS&date=2026-04-02&max_workers=' });
    expect(res.statusCode).toBe(200);
    expect(res.json().search_parameters.max_workers).toBe(50);
    const inbound = await app.inject({ method: 'GET', url: '/api/flights/inbound?destination=LAS&date=2026-04-02&max_workers=' });
    expect(inbound.json().search_parameters.max_workers).toBe(10);
  });
});
