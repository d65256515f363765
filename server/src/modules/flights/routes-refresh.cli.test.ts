import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectCommands, runCommand } from '../../cli';
import type { CliCommand } from '../../lib/app-module';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { seedNetwork } from '../../providers/flights/emulator/network';
import { type FrontierEmulator, startFrontierEmulator } from '../../providers/flights/emulator/server';
import { createFrontierProvider } from '../../providers/flights/frontier';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import { buildTestApp } from '../../test/build-test-app';
import { signInAs } from '../../test/factories';
import { flightsCommands } from './flights.cli';
import { createRouteRefresh } from './route-refresh';
import { findAirport } from '../../lib/reference-data/airports';

const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
const seed = seedNetwork();
/** The airline's network "after a schedule change": DEN-LAS dropped, DEN-ZZZ to a station we know nothing of. */
const changedRoutes = [
  ...seed.routes().filter((r) => !(r.origin === 'DEN' && r.destination === 'LAS')),
  { origin: 'DEN', destination: 'ZZZ' },
  { origin: 'ZZZ', destination: 'DEN' },
];

let app: FastifyInstance;
let deps: AppDeps;
let emulator: FrontierEmulator;
const adapters: { close(): void }[] = [];

function adapterTo(baseUrl: string) {
  const provider = createFrontierProvider({
    baseUrl,
    bookingBaseUrl: 'https://booking.flyfrontier.com',
    dateFormat: 'YYYY-MM-DD',
    timeZoneOf: (c) => findAirport(c)?.timezone,
    now: () => clock.now(),
    name: 'test-airline',
  });
  adapters.push(provider);
  return provider;
}

/** The flights module's commands with the provider swapped, as the CLI would see them with another configuration. */
const withProvider = (provider: FlightProvider) =>
  flightsCommands({
    routeRefresh: createRouteRefresh({ reference: deps.reference, provider, timeoutMs: deps.config.UPSTREAM_TIMEOUT_MS }),
  });

/** The commands as `npm run cli` would see them with the test app's configuration. */
const appCommands = () => collectCommands(deps.modules);

async function cli(commands: Record<string, CliCommand>, ...argv: string[]) {
  const lines: string[] = [];
  const code = await runCommand(commands, argv, (l) => lines.push(l));
  return { code, output: lines.join('\n') };
}

const routeKeys = () => deps.reference.routes().map((r) => `${r.origin}-${r.destination}`);

beforeAll(async () => {
  ({ app, deps } = await buildTestApp({ deps: { clock } }));
  emulator = await startFrontierEmulator({ network: { ...seed, routes: () => changedRoutes }, clock, seed: 3 });
});
afterAll(async () => {
  for (const a of adapters) a.close();
  await emulator.close();
  await app.close();
});

describe('routes:refresh', () => {
  it('reads the network from the configured provider (the in-process emulator) and keeps it when nothing changed', async () => {
    const before = routeKeys();
    const res = await cli(appCommands(), 'routes:refresh');
    expect(res.code).toBe(0);
    expect(res.output).toBe(`refreshed ${before.length} routes from frontier-emulator: 0 added, 0 removed`);
    expect(routeKeys()).toEqual(before);
  });

  it("replaces the network with the airline's GetMarkets, leaving out stations with no airport record", async () => {
    expect(routeKeys()).toContain('DEN-LAS');
    const d = withProvider(adapterTo(emulator.url));

    const dry = await cli(d, 'routes:refresh', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output.split('\n')[0]).toBe(`would refresh ${seed.routes().length - 1} routes from test-airline: 0 added, 1 removed`);
    expect(routeKeys()).toContain('DEN-LAS');

    const marketsBefore = emulator.stats.markets;
    const res = await cli(d, 'routes:refresh');
    expect(res.code).toBe(0);
    expect(res.output.split('\n')).toEqual([
      `refreshed ${seed.routes().length - 1} routes from test-airline: 0 added, 1 removed`,
      'removed: DEN-LAS',
      'skipped 2 route(s) through stations missing from the airport data: ZZZ',
    ]);
    expect(emulator.stats.markets).toBe(marketsBefore + 1);
    expect(routeKeys()).not.toContain('DEN-LAS');
    expect(routeKeys().some((k) => k.includes('ZZZ'))).toBe(false);
    // Searches and /api/routes follow at once.
    expect(deps.reference.destinationsFrom('DEN')).not.toContain('LAS');
    const { headers } = await signInAs(app, deps, 'premium');
    const listed = (await app.inject({ method: 'GET', url: '/api/routes', headers })).json().routes as {
      origin: string;
      destination: string;
    }[];
    expect(listed).toHaveLength(seed.routes().length - 1);
  });

  it('leaves the network alone when the airline blocks the request or answers something else', async () => {
    const before = routeKeys();
    const answers: [number, string, string][] = [
      [403, 'application/json', '{"appId":"PXabc","blockScript":"/px/captcha.js"}'],
      [200, 'text/html', '<!DOCTYPE html><html><body>Welcome to Frontier</body></html>'],
      [200, 'application/json', '{"markets":"soon"}'],
      [200, 'application/json', '{"markets":[]}'],
    ];
    let next = 0;
    const server = createServer((_req, res) => {
      const [status, type, body] = answers[next++] ?? [500, 'text/plain', 'no more'];
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const d = withProvider(adapterTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      const blocked = await cli(d, 'routes:refresh');
      expect(blocked.code).toBe(2);
      expect(blocked.output).toMatch(/did not give its network: blocked \(HTTP 403\)/);
      const html = await cli(d, 'routes:refresh');
      expect(html.code).toBe(2);
      expect(html.output).toMatch(/did not give its network: GetMarkets is not JSON/);
      const shape = await cli(d, 'routes:refresh');
      expect(shape.code).toBe(2);
      expect(shape.output).toMatch(/does not have the expected shape at markets/);
      const empty = await cli(d, 'routes:refresh');
      expect(empty.code).toBe(2);
      expect(empty.output).toMatch(/listed no usable routes/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(routeKeys()).toEqual(before);
  });

  it('says so when the provider publishes no network, and refuses unknown arguments', async () => {
    const silent: FlightProvider = { name: 'no-markets', demo: true, fetchFlights: async () => ({ kind: 'flights', flights: [] }) };
    const res = await cli(withProvider(silent), 'routes:refresh');
    expect(res.code).toBe(2);
    expect(res.output).toMatch(/no-markets does not publish its route network/);
    expect((await cli(appCommands(), 'routes:refresh', '--force')).code).toBe(2);
  });
});
