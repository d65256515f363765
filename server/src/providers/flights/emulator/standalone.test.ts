import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, todayUtc } from '@gowild/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config';
import { clockFromConfig } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import { createFrontierProvider } from '../frontier';

const here = path.dirname(fileURLToPath(import.meta.url));
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'standalone.ts')], {
    cwd: path.resolve(here, '../../../..'),
    env: {
      ...process.env,
      // Below Linux's ephemeral range (32768 and up), where an outgoing connection may hold a port.
      EMULATOR_PORT: String(20000 + Math.floor(Math.random() * 12768)),
      EMULATOR_LATENCY_MS: '5',
      EMULATOR_JITTER_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Frontier emulator on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
  });
}, 30_000);
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
});

describe('npm run emulator (the standalone process)', () => {
  it('answers the real adapter over HTTP with flights and booking links', async () => {
    // The emulator process runs on the same clock (TEST_NOW passes through its environment).
    const clock = clockFromConfig(testConfig());
    const provider = createFrontierProvider({
      baseUrl: url,
      bookingBaseUrl: 'https://booking.flyfrontier.com',
      dateFormat: 'YYYY-MM-DD',
      timeZoneOf: (c) => findAirport(c)?.timezone,
      now: () => clock.now(),
    });
    const date = addDays(todayUtc(clock.now()), 3);
    const result = await provider.fetchFlights({ origin: 'DEN', destination: 'MCO', date }, AbortSignal.timeout(10_000));
    provider.close();
    expect(result.kind).toBe('flights');
    if (result.kind === 'flights') {
      expect(result.flights.length).toBeGreaterThan(0);
      expect(result.flights[0]?.departure_time.startsWith(date)).toBe(true);
    }
    const stats = (await (await fetch(`${url}/__emulator/stats`)).json()) as { stats: { internalSelect: number; select: number } };
    expect(stats.stats).toMatchObject({ internalSelect: 1, select: 1 });
  });
});
