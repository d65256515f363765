import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isIsoDate } from '@gowild/contract/dates';
import { FARE_LABELS, arrivalDayOffset, formatDuration, formatStops } from '@gowild/contract/flight-format';
import { FARE_KEYS, type Fare, type Flight } from '@gowild/contract/flights';
import { GOWILD_FARE_TYPE_LABELS } from '@gowild/contract/gowild-fare';
import { type RereadPage, type RereadResponse, rereadResponseSchema } from '@gowild/contract/status';
import type { Config } from '../../config';
import { type CliCommand, CliFailure, CliUsageError } from '../../lib/app-module';
import { findAirport } from '../../lib/reference-data/airports';
import { type PageReport, isSnapshotBlackout, readContextFor, readSavedPage } from './airline-pages';
import { embeddedDatabaseHolder, readOperatorAddress } from './operator-access';

type ReadSettings = Pick<Config, 'FRONTIER_BASE_URL' | 'FRONTIER_DATE_FORMAT'>;

const READ_USAGE =
  'airline:read FILE --origin XXX --destination YYY --date YYYY-MM-DD [--now ISO-INSTANT] [--json]   ' +
  "(reads a saved airline results page with today's adapter: no network, no database)";
const REREAD_USAGE = "airline:reread   (reads every kept unreadable airline page again with today's adapter and says which now read)";

interface ReadArgs {
  file: string;
  origin: string;
  destination: string;
  date: string;
  now: Date;
  json: boolean;
}

function airportFlag(value: string | undefined, name: string): string {
  if (value === undefined) throw new CliUsageError(`--${name} is required`);
  const code = value.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !findAirport(code)) throw new CliUsageError(`--${name} ${value} is not an airport code we know`);
  return code;
}

function nowFlag(value: string | undefined, clock: () => Date): Date {
  if (value === undefined) return clock();
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) {
    throw new CliUsageError(`--now ${value} is not an instant (e.g. 2026-06-15T14:00:00Z)`);
  }
  return at;
}

/** FILE and the flags of `airline:read`; anything else is the operator's mistake. */
export function parseReadArgs(args: string[], clock: () => Date = () => new Date()): ReadArgs {
  const flags: Record<string, string> = {};
  const files: string[] = [];
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json') json = true;
    else if (['--origin', '--destination', '--date', '--now'].includes(arg)) {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new CliUsageError(`${arg} needs a value`);
      flags[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new CliUsageError(`unknown argument ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 1) throw new CliUsageError(files.length === 0 ? 'FILE is required' : 'one FILE at a time');
  if (flags.date === undefined || !isIsoDate(flags.date)) {
    throw new CliUsageError(flags.date === undefined ? '--date is required' : `--date ${flags.date} is not a date (YYYY-MM-DD)`);
  }
  return {
    file: files[0]!,
    origin: airportFlag(flags.origin, 'origin'),
    destination: airportFlag(flags.destination, 'destination'),
    date: flags.date,
    now: nowFlag(flags.now, clock),
    json,
  };
}

/**
 * The file's text, or one line saying why there is none. A relative name is the operator's: from where they ran
 * `npm run cli` (npm's INIT_CWD), not the server workspace npm runs the command in.
 */
function readPageFile(file: string): string {
  try {
    return readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliFailure(`no such file: ${file}`);
    if (code === 'EISDIR') throw new CliFailure(`${file} is a directory, not a saved page`);
    throw new CliFailure(`cannot read ${file} (${code ?? (err as Error).message})`);
  }
}

const time = (local: string) => local.slice(11, 16);
const money = (n: number) => `$${n.toFixed(2)}`;

/** A fare with its seats: "$48.69 (3)", "$48.69 (—)" when the page did not say, "—" when not offered. */
function fareCell(fare: Fare | null): string {
  if (!fare) return '—';
  return `${money(fare.total)} (${typeof fare.available_seats === 'number' ? fare.available_seats : '—'})`;
}

function flightRow(f: Flight): string[] {
  const offset = arrivalDayOffset(f);
  return [
    time(f.departure_time),
    `${time(f.arrival_time)}${offset > 0 ? ` +${offset}` : ''}`,
    f.flight_number,
    formatStops(f.stops),
    formatDuration(f.duration),
    ...FARE_KEYS.map((k) => fareCell(f.fares[k])),
    f.fares.go_wild ? GOWILD_FARE_TYPE_LABELS[f.fares.go_wild.fare_type ?? 'standard'] : '—',
  ];
}

/** Rows as columns padded to their widest cell. */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

/** `airline:read` without `--json`: the flights as a table, the ribbon, the flights left out. */
export function describeReport(r: PageReport): string[] {
  const head = `${r.search.origin} → ${r.search.destination} on ${r.search.date}`;
  if (r.kind !== 'flights') return [`${head}: not read (${r.kind}): ${r.detail}`];
  const lines = [`${head}: ${r.flights.length} flight${r.flights.length === 1 ? '' : 's'} (GoWild fare types as of ${r.read_at})`];
  if (r.flights.length > 0) {
    const header = ['Departs', 'Arrives', 'Flights', 'Stops', 'Duration', ...FARE_KEYS.map((k) => FARE_LABELS[k]), 'Fare type'];
    lines.push(...table([header, ...r.flights.map(flightRow)]), 'Seats in brackets; (—): the page did not say.');
  }
  lines.push(
    r.ribbon.length > 0
      ? `Ribbon (lowest fare a day): ${r.ribbon.map((d) => `${d.date} ${money(d.lowest_fare)}`).join(' · ')}`
      : 'Ribbon: none on the page',
  );
  for (const m of r.malformed) lines.push(`Left out, did not read: ${m.field}: ${m.detail}`);
  return lines;
}

/** `airline:read`: a saved page through the adapter's reader, with the configured booking links and no database. */
export function airlineReadCommand(config: ReadSettings, clock: () => Date = () => new Date()): CliCommand {
  return {
    usage: READ_USAGE,
    async run(args, out) {
      const a = parseReadArgs(args, clock);
      const body = readPageFile(a.file);
      const ctx = readContextFor(
        { bookingBaseUrl: config.FRONTIER_BASE_URL, dateFormat: config.FRONTIER_DATE_FORMAT },
        isSnapshotBlackout,
        a.now,
      );
      const report = readSavedPage(body, { origin: a.origin, destination: a.destination, date: a.date }, ctx);
      if (a.json) out(JSON.stringify(report, null, 2));
      else for (const line of describeReport(report)) out(line);
    },
  };
}

/** One kept page read again, in one line. */
function rereadLine(p: RereadPage): string {
  const where = p.search ? `${p.search.origin}-${p.search.destination} ${p.search.date}` : new URL(p.url).pathname;
  const cut = p.truncated ? ' (kept body cut short)' : '';
  const now =
    p.outcome === 'reads'
      ? `reads: ${p.flights} flight${p.flights === 1 ? '' : 's'}${p.detail ? `; ${p.detail}` : ''}`
      : p.outcome === 'unreadable'
        ? `still unreadable: ${p.detail}`
        : p.outcome === 'not_a_results_page'
          ? 'not a results page'
          : `cannot tell: ${p.detail}`;
  return `${p.id}  ${p.seen_at}  ${where}${cut}  was: ${p.was}  → now ${now}`;
}

/** `airline:reread`'s report: how many read now, then one line a page. */
export function describeReread(r: RereadResponse, via?: string): string[] {
  const source = via ? ` (through ${via})` : '';
  if (r.total === 0) return [`No unreadable airline page is kept${source}.`];
  const head = `${r.reads} of ${r.total} kept unreadable page${r.total === 1 ? '' : 's'} now read${source}:`;
  return [head, ...r.pages.map(rereadLine)];
}

/** `airline:reread` in this process: the database is open here. */
export function airlineRereadCommand(reread: () => Promise<RereadResponse>): CliCommand {
  return {
    usage: REREAD_USAGE,
    async run(args, out) {
      if (args.length > 0) throw new CliUsageError(`unknown argument ${args[0]}`);
      for (const line of describeReread(await reread())) out(line);
    },
  };
}

const SERVER_TIMEOUT_MS = 120_000;

/**
 * `airline:reread` while a running server holds the embedded database (decision 244): asked of that server, with the
 * address and token it left in DATA_DIR.
 */
export function airlineRereadThroughServer(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): CliCommand {
  return {
    usage: REREAD_USAGE,
    async run(args, out) {
      if (args.length > 0) throw new CliUsageError(`unknown argument ${args[0]}`);
      const server = readOperatorAddress(config);
      // A file left by a server that died, while another one starts: not the holder's, so not asked.
      if (!server || server.pid !== embeddedDatabaseHolder(config)) {
        throw new CliFailure(
          'the embedded database is open in a server that has left no operator address in DATA_DIR (still starting, or a worker that serves no API): try again once it listens, or stop it',
        );
      }
      let res: Response;
      try {
        res = await fetch(new URL('/api/admin/unreadable-pages/reread', server.url), {
          method: 'POST',
          headers: { authorization: `Operator ${server.token}` },
          signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
        });
      } catch (err) {
        const why = (err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
        throw new CliFailure(`the server holding the database (pid ${server.pid}) did not answer at ${server.url} (${why})`);
      }
      if (!res.ok) throw new CliFailure(`the server holding the database (pid ${server.pid}) answered HTTP ${res.status}`);
      const answer = rereadResponseSchema.parse(await res.json());
      for (const line of describeReread(answer, `the running server, pid ${server.pid}`)) out(line);
    },
  };
}
