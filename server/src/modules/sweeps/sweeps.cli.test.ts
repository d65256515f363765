import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs, scriptedAirline } from '../../test/alerts';
import { buildTestApp } from '../../test/build-test-app';

/** `sweep:run` against the app's route network, a scripted airline and 12:00 in Orlando on 2026-07-15. */
const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
const airline = scriptedAirline();
let app: FastifyInstance;
let deps: AppDeps;

beforeAll(async () => {
  ({ app, deps } = await buildTestApp({
    env: { SWEEP_BUDGET_PER_HOUR: '5000' },
    deps: { clock, jobs: noJobs, flights: airline.engine(clock) },
  }));
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l), deps);
  return { code, text: lines.join('\n') };
}

describe('sweep:run', () => {
  it('sweeps one origin and one date now, and says what it did', async () => {
    const routes = deps.reference.destinationsFrom('MCO').length;
    const { code, text } = await cli('sweep:run', '--origin', 'mco', '--date', '2026-07-16');
    expect(code).toBe(0);
    expect(airline.requests).toHaveLength(routes);
    expect(new Set(airline.requests.map((q) => `${q.origin} ${q.date}`))).toEqual(new Set(['MCO 2026-07-16']));
    expect(text).toContain(`swept ${routes} of ${routes} due (route, date) slots on ${routes} routes for 2026-07-16`);
    expect(text).toContain(`airline requests: ${routes}; already fresh in the cache: 0; failed: 0`);
    expect(text).toMatch(/skipped for the hourly budget: 0; held by another sweeper: 0; \d+ ms/);
  });

  it('says when nothing is open for the date asked', async () => {
    const { code, text } = await cli('sweep:run', '--origin', 'DEN', '--date', '2026-09-01');
    expect(code).toBe(0);
    expect(text).toContain('nothing to sweep');
  });

  it.each([
    [['--date', '2026-13-40'], '--date 2026-13-40 is not a date'],
    [['--origin', 'ZZZ'], '--origin ZZZ is not an airport code we know'],
    [['--origin'], '--origin needs a value'],
    [['--until', 'x'], 'unknown argument --until'],
  ])('refuses %j with exit 2', async (args, message) => {
    const { code, text } = await cli('sweep:run', ...args);
    expect(code).toBe(2);
    expect(text).toContain(message);
    expect(text).toContain('usage: sweep:run');
  });

  it('seeds demo history only on the emulator', async () => {
    const { code, text } = await cli('sweeps:seed-demo', '--days', '1', '--origin', 'DEN');
    expect(code).toBe(0); // the test app runs on the emulator
    expect(text).toMatch(/demo history: 5 sweeps over 1 days, \d+ emulator requests/);
  }, 120_000);
});
