import { isIsoDate } from '@gowild/contract/dates';
import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import { DEMO_SEED_DEFAULTS, type DemoSeedDeps, seedDemoSweeps } from './demo-seed';
import type { SweepReport, Sweeper } from './sweeps.service';

/** `--name value` pairs; anything else is the operator's mistake. */
function parseFlags(args: string[], allowed: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2))) throw new CliUsageError(`unknown argument ${name}`);
    if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${name} needs a value`);
    flags[name.slice(2)] = value;
  }
  return flags;
}

function parseOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = value.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !findAirport(code)) throw new CliUsageError(`--origin ${value} is not an airport code we know`);
  return code;
}

function positive(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliUsageError(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

/** What a run did, in the operator's words. */
export function describeRun(r: SweepReport): string[] {
  const reasons = Object.entries(r.failures)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
  const lines = [
    `swept ${r.swept} of ${r.due} due (route, date) slots on ${r.routes} routes` + (r.dates.length > 0 ? ` for ${r.dates.join(', ')}` : ''),
    `airline requests: ${r.requests}` +
      (r.scheduleRequests > 0 ? ` (${r.scheduleRequests} for routes' schedules)` : '') +
      `; already fresh in the cache: ${r.fromCache}` +
      (r.noService > 0 ? `; days the route does not fly: ${r.noService}` : '') +
      `; failed: ${r.failed}${reasons ? ` (${reasons})` : ''}`,
    `skipped for the hourly budget: ${r.skippedBudget}; held by another sweeper: ${r.skippedClaimed}; ${r.durationMs} ms`,
  ];
  if (r.stoppedByBreaker) lines.push('stopped: the airline circuit breaker is open (the next run resumes once it closes)');
  return lines;
}

/** The operator's sweep commands: one sweep now, and demo history. */
export function sweepsCommands({
  sweeper,
  demoSeed,
  clock,
}: {
  sweeper: Sweeper;
  demoSeed: DemoSeedDeps;
  /** The app's clock: the demo history ends now on it (TEST_NOW in tests and demos), not on the machine's. */
  clock: Clock;
}): Record<string, CliCommand> {
  return {
    'sweep:run': {
      usage: 'sweep:run [--date YYYY-MM-DD] [--origin XXX]   (one sweep now of every open GoWild date, or one date / origin)',
      async run(args, out) {
        const flags = parseFlags(args, ['date', 'origin']);
        if (flags.date !== undefined && !isIsoDate(flags.date)) throw new CliUsageError(`--date ${flags.date} is not a date (YYYY-MM-DD)`);
        const report = await sweeper.run({
          trigger: 'cli',
          filter: { date: flags.date, origin: parseOrigin(flags.origin), force: true },
          wholeHour: true,
        });
        for (const line of describeRun(report)) out(line);
        if (report.due === 0) out('nothing to sweep: no route matching these arguments has its GoWild window open');
      },
    },
    'sweeps:seed-demo': {
      usage: `sweeps:seed-demo [--days ${DEMO_SEED_DEFAULTS.days}] [--every-hours ${DEMO_SEED_DEFAULTS.everyHours}] [--origin XXX]   (days of sweeps on the demo clock, enough for every figure: demo history, emulator only)`,
      async run(args, out) {
        const flags = parseFlags(args, ['days', 'every-hours', 'origin']);
        await seedDemoSweeps(demoSeed, {
          days: positive(flags.days, 'days', DEMO_SEED_DEFAULTS.days, 60),
          everyHours: positive(flags['every-hours'], 'every-hours', DEMO_SEED_DEFAULTS.everyHours, 48),
          origin: parseOrigin(flags.origin),
          now: clock.now(),
          out,
        });
      },
    },
  };
}
