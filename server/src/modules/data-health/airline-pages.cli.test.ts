import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flightSchema } from '@gowild/contract/flights';
import { rereadResponseSchema } from '@gowild/contract/status';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { unreadablePages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { CliFailure } from '../../lib/app-module';
import { manualClock } from '../../lib/clock';
import { parseFrontierDate } from '../../providers/flights/frontier-request';
import { encodeAsTheSiteDoes, pageAround, realFlightData, realPage } from '../../providers/flights/frontier-real-page.fixture';
import { noJobs } from '../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { createUnreadablePagesRepository } from './unreadable-pages.repository';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/frontier/', import.meta.url));
const REAL = `${FIXTURES}select-real-jfk-atl.html`;
const SEARCH = ['--origin', 'JFK', '--destination', 'ATL', '--date', '2025-07-15'];

const clock = manualClock(new Date('2025-06-15T14:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
let admin: SignedIn;
let free: SignedIn;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({
    env: { FRONTIER_BASE_URL: 'https://booking.example.test' },
    deps: { clock, jobs: noJobs },
  }));
  admin = await signInAs(app, deps, 'admin');
  free = await signInAs(app, deps, 'free');
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l), deps);
  return { code, text: lines.join('\n'), lines };
}

describe('airline:read', () => {
  it('prints one JSON document: the flights as the search API gives them, the malformed ones and the ribbon', async () => {
    const { code, text } = await cli('airline:read', REAL, ...SEARCH, '--json');
    expect(code).toBe(0);
    const doc = JSON.parse(text) as { kind: string; flights: unknown[]; malformed: unknown[]; ribbon: unknown[] };
    expect(doc.kind).toBe('flights');
    const flights = doc.flights.map((f) => flightSchema.parse(f));
    expect(flights).toHaveLength(8);
    expect(flights.filter((f) => f.fares.go_wild)).toHaveLength(6);
    // --now not given: the app's clock, 30 days before the flight.
    expect(flights[0]!.fares.go_wild?.fare_type).toBe('early_booking');
    // Booking links from the configured FRONTIER_BASE_URL.
    const link = new URL(flights[0]!.booking_links.standard!);
    expect(link.origin).toBe('https://booking.example.test');
    expect([link.searchParams.get('o1'), link.searchParams.get('d1'), parseFrontierDate(link.searchParams.get('dd1')!)]).toEqual([
      'JFK',
      'ATL',
      '2025-07-15',
    ]);
    expect(doc.malformed).toEqual([]);
    expect(doc.ribbon).toHaveLength(7);
  });

  it('judges fare types by --now', async () => {
    const { text } = await cli('airline:read', REAL, ...SEARCH, '--now', '2025-07-14T20:00:00Z', '--json');
    const doc = JSON.parse(text) as { flights: { fares: { go_wild: { fare_type: string } | null } }[]; read_at: string };
    expect(doc.read_at).toBe('2025-07-14T20:00:00.000Z');
    expect(doc.flights[0]!.fares.go_wild?.fare_type).toBe('standard');
  });

  it('prints a table without --json: times, flights, stops, duration, each fare with its seats or —, the fare type', async () => {
    const { code, lines } = await cli('airline:read', REAL, ...SEARCH);
    expect(code).toBe(0);
    expect(lines[0]).toBe('JFK → ATL on 2025-07-15: 8 flights (GoWild fare types as of 2025-06-15T14:00:00.000Z)');
    expect(lines[1]).toMatch(/^Departs\s+Arrives\s+Flights\s+Stops\s+Duration\s+GoWild\s+Standard\s+Discount Den\s+Fare type$/);
    expect(lines[2]).toMatch(
      /^06:20\s+08:55\s+F9 1291\s+Nonstop\s+2h 35m\s+\$48\.69 \(—\)\s+\$129\.98 \(—\)\s+\$88\.98 \(—\)\s+GoWild Early Booking$/,
    );
    // The flight whose page says "3 Seats Left!", one without GoWild, and the connection landing the next day.
    expect(lines.find((l) => l.startsWith('15:10'))).toMatch(/\$159\.98 \(3\)\s+\$118\.98 \(3\)/);
    expect(lines.find((l) => l.startsWith('19:30'))).toMatch(/2h 35m\s+—\s+\$119\.98 \(—\)\s+\$94\.98 \(—\)\s+—$/);
    expect(lines.find((l) => l.startsWith('17:05'))).toMatch(/^17:05\s+18:33 \+1\s+F9 1811 \/ F9 1432\s+1 stop\s+25h 28m/);
    expect(lines.at(-1)).toBe(
      'Ribbon (lowest fare a day): 2025-07-12 $94.98 · 2025-07-13 $109.98 · 2025-07-14 $91.98 · 2025-07-15 $88.98 · 2025-07-16 $79.98 · 2025-07-17 $99.98 · 2025-07-18 $128.98',
    );
  });

  it('lists the flights that did not read, and says a changed page did not read', async () => {
    const data = realFlightData();
    (data.journeys[0]!.flights[0] as { legs: unknown }).legs = 'gone';
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-airline-read-'));
    try {
      await writeFile(path.join(dir, 'one-broken.html'), pageAround(encodeAsTheSiteDoes(data)));
      const broken = await cli('airline:read', path.join(dir, 'one-broken.html'), ...SEARCH);
      expect(broken.lines[0]).toMatch(/: 7 flights /);
      expect(broken.lines.at(-1)).toMatch(/^Left out, did not read: legs: /);
      const json = JSON.parse((await cli('airline:read', path.join(dir, 'one-broken.html'), ...SEARCH, '--json')).text);
      expect(json).toMatchObject({ kind: 'flights', malformed: [{ field: 'legs', detail: expect.any(String) }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const changed = await cli('airline:read', `${FIXTURES}select-shape-changed.html`, ...SEARCH, '--json');
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.text)).toMatchObject({ kind: 'page-changed', flights: [], detail: expect.stringMatching(/expected shape/) });
    const plain = await cli('airline:read', `${FIXTURES}select-shape-changed.html`, ...SEARCH);
    expect(plain.lines).toEqual([expect.stringMatching(/^JFK → ATL on 2025-07-15: not read \(page-changed\): FlightData does not have/)]);
  });

  it.each([
    [[REAL, '--origin', 'JFK', '--date', '2025-07-15'], '--destination is required'],
    [[REAL, ...SEARCH.slice(0, 4), '--date', '2025-02-30'], '--date 2025-02-30 is not a date'],
    [[REAL, '--origin', 'ZZQ', ...SEARCH.slice(2)], '--origin ZZQ is not an airport code we know'],
    [[REAL, ...SEARCH, '--now', 'yesterday'], '--now yesterday is not an instant'],
    [[REAL, ...SEARCH, '--when', 'x'], 'unknown argument --when'],
    [[...SEARCH], 'FILE is required'],
    [[REAL, REAL, ...SEARCH], 'one FILE at a time'],
    [[REAL, ...SEARCH, '--origin'], '--origin needs a value'],
  ])('refuses %j with the usage, exit 2', async (args, message) => {
    const { code, text } = await cli('airline:read', ...args);
    expect(code).toBe(2);
    expect(text).toContain(`error: ${message}`);
    expect(text).toContain('usage: airline:read FILE --origin XXX');
  });

  it('says in one line that a file is not there', async () => {
    await expect(cli('airline:read', `${FIXTURES}no-such-page.html`, ...SEARCH)).rejects.toThrow(
      new CliFailure(`no such file: ${FIXTURES}no-such-page.html`),
    );
    await expect(cli('airline:read', FIXTURES, ...SEARCH)).rejects.toThrow(/is a directory, not a saved page/);
  });
});

describe('airline:reread, in this process and from the admin route', () => {
  const keep = async (url: string, body: string, reason: string, seenAt: string) => {
    const repo = createUnreadablePagesRepository(deps.database.db);
    await repo.insert({ url, status: 200, contentType: 'text/html', body, reason }, new Date(seenAt), 256 * 1024);
  };

  beforeAll(async () => {
    await deps.database.db.delete(unreadablePages);
    // The real page as the adapter before decision 241 failed to read it, kept where the redirect landed.
    await keep(
      'https://booking.flyfrontier.com/Flight/Select',
      realPage(),
      'FlightData is not valid JSON: Bad control character',
      '2025-06-15T10:00:00Z',
    );
    await keep(
      'https://booking.flyfrontier.com/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=2026-04-02&adt=1',
      '<html><script>var Other = 1;</script></html>',
      'no FlightData assignment on the page',
      '2025-06-15T11:00:00Z',
    );
    await keep(
      'https://booking.flyfrontier.com/Resource/GetMarkets',
      '<html>maintenance</html>',
      'GetMarkets is not JSON',
      '2025-06-15T12:00:00Z',
    );
  });

  it('reads every kept page again and says per page what it was and what it is now', async () => {
    const { code, lines } = await cli('airline:reread');
    expect(code).toBe(0);
    expect(lines[0]).toBe('1 of 3 kept unreadable pages now read:');
    expect(lines).toHaveLength(4);
    // Newest first.
    expect(lines[1]).toMatch(
      /^[0-9a-f-]{36} {2}2025-06-15T12:00:00\.000Z {2}\/Resource\/GetMarkets {2}was: GetMarkets is not JSON {2}→ now not a results page$/,
    );
    expect(lines[2]).toMatch(
      /^[0-9a-f-]{36} {2}2025-06-15T11:00:00\.000Z {2}DEN-LAS 2026-04-02 {2}was: no FlightData assignment on the page {2}→ now still unreadable: no FlightData assignment on the page$/,
    );
    expect(lines[3]).toMatch(/JFK-ATL 2025-07-15 {2}was: FlightData is not valid JSON: Bad control character {2}→ now reads: 8 flights$/);
  });

  it('refuses arguments', async () => {
    const { code, text } = await cli('airline:reread', '--all');
    expect(code).toBe(2);
    expect(text).toContain('error: unknown argument --all');
  });

  it('answers admins on POST /api/admin/unreadable-pages/reread, nobody else, and no made-up operator token', async () => {
    const url = '/api/admin/unreadable-pages/reread';
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url, headers: free.headers })).statusCode).toBe(403);
    // This app holds no database in a data directory, so it published no operator token: none is taken.
    expect((await app.inject({ method: 'POST', url, headers: { authorization: 'Operator made-up-token-0123456789' } })).statusCode).toBe(
      401,
    );
    const res = await app.inject({ method: 'POST', url, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = rereadResponseSchema.parse(res.json());
    expect(body).toMatchObject({ total: 3, reads: 1, read_at: '2025-06-15T14:00:00.000Z' });
    expect(body.pages.map((p) => p.outcome)).toEqual(['not_a_results_page', 'unreadable', 'reads']);
    expect(body.pages[2]).toMatchObject({ flights: 8, search: { origin: 'JFK', destination: 'ATL', date: '2025-07-15', from: 'page' } });
  });
});
