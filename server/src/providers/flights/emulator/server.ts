import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { parseFrontierDate } from '../frontier-flight';
import type { EmulatorNetwork } from './network';
import { type PageChange, captchaPage, homePage, perimeterXBlockBody, selectPage, serverErrorPage } from './pages';
import { seededRandom } from '../../../lib/seeded-random';
import { type WireFlight, createSchedule } from './schedule';

/** Fault and speed knobs (EMULATOR_* settings); they can be changed while the emulator runs. */
interface EmulatorKnobs {
  /** Median answer time of one search, in ms. */
  latencyMs: number;
  /** Answer time spreads evenly over latency ± jitter. */
  jitterMs: number;
  /** Share of searches answered with a 5xx page. */
  errorRate: number;
  /** Share answered with a 403 bot block (PerimeterX JSON or captcha page). */
  blockRate: number;
  /** Share answered with 429 and Retry-After. */
  throttleRate: number;
  /** Share never answered. */
  hangRate: number;
  /** Share answered with 406 and an empty body (the site's answer to bursts). */
  notAcceptableRate: number;
  /** Share of results pages that come out changed: FlightData renamed, or the page cut off inside it (half each). */
  pageChangeRate: number;
  /** Share of flights written malformed on a results page (one field missing its format), among good ones. */
  malformedRate: number;
}

interface EmulatorOptions extends Partial<EmulatorKnobs> {
  network: EmulatorNetwork;
  clock: Clock;
  bucketMinutes?: number;
  /** Seeds the fault dice, for reproducible runs. */
  seed?: number;
  host?: string;
  port?: number;
  /** Seconds a 429 asks the client to wait. */
  retryAfterSeconds?: number;
}

interface EmulatorStats {
  internalSelect: number;
  select: number;
  markets: number;
  answered: number;
  errors: number;
  blocks: number;
  throttles: number;
  hangs: number;
  notAcceptable: number;
  pageChanges: number;
  malformedFlights: number;
}

export interface FrontierEmulator {
  url: string;
  port: number;
  stats: EmulatorStats;
  knobs: EmulatorKnobs;
  setKnobs(knobs: Partial<EmulatorKnobs>): void;
  resetStats(): void;
  close(): Promise<void>;
}

/** The EMULATOR_* settings as emulator options. */
export function emulatorOptionsFromConfig(config: Config) {
  return {
    port: config.EMULATOR_PORT,
    bucketMinutes: config.EMULATOR_BUCKET_MINUTES,
    latencyMs: config.EMULATOR_LATENCY_MS,
    jitterMs: config.EMULATOR_JITTER_MS,
    errorRate: config.EMULATOR_ERROR_RATE,
    blockRate: config.EMULATOR_BLOCK_RATE,
    throttleRate: config.EMULATOR_THROTTLE_RATE,
    hangRate: config.EMULATOR_HANG_RATE,
    notAcceptableRate: config.EMULATOR_NOT_ACCEPTABLE_RATE,
    pageChangeRate: config.EMULATOR_PAGE_CHANGE_RATE,
    malformedRate: config.EMULATOR_MALFORMED_RATE,
  };
}

const SESSION_COOKIE = 'ASP.NET_SessionId';
const emptyStats = (): EmulatorStats => ({
  internalSelect: 0,
  select: 0,
  markets: 0,
  answered: 0,
  errors: 0,
  blocks: 0,
  throttles: 0,
  hangs: 0,
  notAcceptable: 0,
  pageChanges: 0,
  malformedFlights: 0,
});

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * A stand-in for booking.flyfrontier.com that speaks its wire format: InternalSelect stores the search in a session
 * cookie and redirects to /Flight/Select, which renders the results page; /Resource/GetMarkets lists the network.
 * Select without the session cookie sends the browser home, as the site does.
 */
export async function startFrontierEmulator(opts: EmulatorOptions): Promise<FrontierEmulator> {
  const knobs: EmulatorKnobs = {
    latencyMs: opts.latencyMs ?? 0,
    jitterMs: opts.jitterMs ?? 0,
    errorRate: opts.errorRate ?? 0,
    blockRate: opts.blockRate ?? 0,
    throttleRate: opts.throttleRate ?? 0,
    hangRate: opts.hangRate ?? 0,
    notAcceptableRate: opts.notAcceptableRate ?? 0,
    pageChangeRate: opts.pageChangeRate ?? 0,
    malformedRate: opts.malformedRate ?? 0,
  };
  const schedule = createSchedule({ network: opts.network, bucketMinutes: opts.bucketMinutes ?? 30 });
  const dice = seededRandom(opts.seed ?? Math.floor(Math.random() * 2 ** 32));
  let stats = emptyStats();
  const timers = new Set<NodeJS.Timeout>();

  const later = (res: ServerResponse, fn: () => void) => {
    const ms = Math.max(0, knobs.latencyMs + (dice() * 2 - 1) * knobs.jitterMs);
    if (ms === 0) return fn();
    const t = setTimeout(() => {
      timers.delete(t);
      if (!res.destroyed) fn();
    }, ms);
    timers.add(t);
  };
  const redirect = (res: ServerResponse, location: string, cookies: string[] = []) => {
    res.writeHead(302, { location, 'set-cookie': cookies, 'content-length': 0 });
    res.end();
  };
  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

  function internalSelect(url: URL, res: ServerResponse) {
    stats.internalSelect++;
    const origin = (url.searchParams.get('o1') ?? '').toUpperCase();
    const destination = (url.searchParams.get('d1') ?? '').toUpperCase();
    const date = parseFrontierDate(url.searchParams.get('dd1') ?? '');
    if (!/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination) || !date) return redirect(res, '/');

    const roll = dice();
    let edge = knobs.hangRate;
    if (roll < edge) {
      stats.hangs++;
      return; // never answered; the socket is destroyed on close
    }
    if (roll < (edge += knobs.errorRate)) {
      stats.errors++;
      const status = [500, 502, 503][Math.floor(dice() * 3)] ?? 503;
      return later(res, () => send(res, status, 'text/html; charset=utf-8', serverErrorPage(status)));
    }
    if (roll < (edge += knobs.blockRate)) {
      stats.blocks++;
      const uuid = randomUUID();
      return later(res, () =>
        dice() < 0.5
          ? send(res, 403, 'application/json', perimeterXBlockBody(uuid))
          : send(res, 403, 'text/html; charset=utf-8', captchaPage(uuid)),
      );
    }
    if (roll < (edge += knobs.throttleRate)) {
      stats.throttles++;
      return later(res, () => send(res, 429, 'text/html; charset=utf-8', '', { 'retry-after': String(opts.retryAfterSeconds ?? 1) }));
    }
    if (roll < (edge += knobs.notAcceptableRate)) {
      stats.notAcceptable++;
      return later(res, () => send(res, 406, 'text/html; charset=utf-8', ''));
    }
    const session = Buffer.from(JSON.stringify({ origin, destination, date })).toString('base64url');
    redirect(res, '/Flight/Select', [`${SESSION_COOKIE}=${session}; path=/; HttpOnly; SameSite=Lax`, `_pxhd=${randomUUID()}; path=/`]);
  }

  function select(req: IncomingMessage, res: ServerResponse) {
    stats.select++;
    let search: { origin: string; destination: string; date: string } | undefined;
    try {
      const raw = readCookie(req, SESSION_COOKIE);
      if (raw) search = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    } catch {
      search = undefined;
    }
    if (!search?.origin || !search.destination || !search.date) return redirect(res, '/');
    // The page is built on arrival and sent when the latency has passed, as a real server works while the client waits.
    const data = schedule.flightData(search.origin, search.destination, search.date, opts.clock.now());
    let change: PageChange | undefined;
    if (knobs.pageChangeRate > 0 && dice() < knobs.pageChangeRate) {
      stats.pageChanges++;
      change = dice() < 0.5 ? 'renamed' : 'truncated';
    }
    if (knobs.malformedRate > 0) for (const f of data.results.journeys[0]?.flights ?? []) if (dice() < knobs.malformedRate) malform(f);
    const page = selectPage(data, search, change);
    later(res, () => {
      stats.answered++;
      send(res, 200, 'text/html; charset=utf-8', page);
    });
  }

  /** Writes one flight the way a template bug would: one field missing its format (the malformed-flight knob). */
  function malform(flight: WireFlight) {
    stats.malformedFlights++;
    const broken = flight as unknown as Record<string, unknown>;
    const leg = (flight.legs[0] ?? {}) as Record<string, unknown>;
    switch (Math.floor(dice() * 4)) {
      case 0:
        leg.departureDate = 'TBD';
        break;
      case 1:
        leg.flightNumber = null;
        break;
      case 2:
        broken.standardFare = 'n/a';
        break;
      default:
        delete broken.legs;
    }
  }

  function markets(res: ServerResponse) {
    stats.markets++;
    const byOrigin = new Map<string, string[]>();
    for (const r of opts.network.routes()) byOrigin.set(r.origin, [...(byOrigin.get(r.origin) ?? []), r.destination]);
    const codes = [...new Set([...byOrigin.keys(), ...[...byOrigin.values()].flat()])].sort();
    send(
      res,
      200,
      'application/json; charset=utf-8',
      JSON.stringify({
        markets: [...byOrigin].map(([fromStation, toStations]) => ({ fromStation, toStations })),
        marketDetails: codes.map((stationCode) => ({
          stationCode,
          cityAndCode: opts.network.airport(stationCode)?.cityAndCode ?? stationCode,
        })),
      }),
    );
  }

  /** Not part of the airline's site: lets a benchmark in another process read counters and turn knobs. */
  function control(req: IncomingMessage, res: ServerResponse, path: string) {
    const json = (body: unknown) => send(res, 200, 'application/json', JSON.stringify(body));
    if (path === '/__emulator/stats' && req.method === 'GET') return json({ stats, knobs });
    if (path === '/__emulator/reset' && req.method === 'POST') {
      stats = emptyStats();
      return json({ stats });
    }
    if (path === '/__emulator/knobs' && req.method === 'POST') {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (raw += c));
      req.on('end', () => {
        try {
          const body = JSON.parse(raw) as Partial<Record<keyof EmulatorKnobs, unknown>>;
          for (const k of Object.keys(knobs) as (keyof EmulatorKnobs)[]) if (typeof body[k] === 'number') knobs[k] = body[k] as number;
          json({ knobs });
        } catch {
          send(res, 400, 'text/plain', 'expected a JSON object of knobs');
        }
      });
      return;
    }
    send(res, 404, 'text/plain', 'no such control');
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    if (url.pathname.startsWith('/__emulator/')) return control(req, res, url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method Not Allowed');
    if (url.pathname === '/Flight/InternalSelect') return internalSelect(url, res);
    if (url.pathname === '/Flight/Select') return select(req, res);
    if (url.pathname === '/Resource/GetMarkets') return markets(res);
    if (url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', homePage());
    return send(res, 404, 'text/html; charset=utf-8', '<!DOCTYPE html><title>Page not found</title>');
  });
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    get stats() {
      return stats;
    },
    knobs,
    setKnobs: (k) => Object.assign(knobs, k),
    resetStats: () => {
      stats = emptyStats();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
