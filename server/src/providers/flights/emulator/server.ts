import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { parseFrontierDate } from '../frontier-request';
import type { EmulatorNetwork } from './network';
import { type PageChange, captchaPage, homePage, perimeterXBlockBody, searchErrorPage, selectPage, serverErrorPage } from './pages';
import { randomFor, seededRandom } from '../../../lib/seeded-random';
import { daysBetween, todayUtc } from '@gowild/contract/dates';
import { type WireFlight, createSchedule } from './schedule';
import { type BotWall, createBotWall } from './bot-wall';

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
  /**
   * Seeds the dice, for reproducible runs. A search's fault is rolled from the seed, the search (route, days ahead)
   * and which try this is, so the same seed gives the same faults however the requests interleave.
   */
  seed?: number;
  host?: string;
  port?: number;
  /** Seconds a 429 asks the client to wait. */
  retryAfterSeconds?: number;
  /** The bot wall (EMULATOR_BOT_WALL): cookieless clients are blocked after `freeRequests` (bot-wall.ts). */
  botWall?: { freeRequests: number };
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
  /** Searches sent to the error page: a date that does not read. */
  searchErrors: number;
  /**
   * InternalSelect requests the faults made necessary: for each search, its tries up to and including the first that
   * was not a fault. What a client sends beyond this (a hedge, a cut attempt that would have answered) is its own
   * overhead.
   */
  needed: number;
}

export interface FrontierEmulator {
  url: string;
  port: number;
  stats: EmulatorStats;
  knobs: EmulatorKnobs;
  setKnobs(knobs: Partial<EmulatorKnobs>): void;
  /** The bot wall, when on: its counts, and `revoke` to invalidate the cookies it issued. */
  botWall?: BotWall;
  /** Zeroes the counters and forgets every search's tries; `seed` re-seeds the dice. */
  resetStats(seed?: number): void;
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
    botWall: config.EMULATOR_BOT_WALL ? { freeRequests: config.EMULATOR_BOT_WALL_FREE_REQUESTS } : undefined,
  };
}

const SESSION_COOKIE = 'ASP.NET_SessionId';
/** Searches whose tries the fault dice keep at most (a benchmark run asks far fewer). */
const MAX_TRIES_KEPT = 50_000;
/** The pages the bot wall guards: the ones that carry data. The home page is always served, with the wall's script. */
const GUARDED_PATHS = new Set(['/Flight/InternalSelect', '/Flight/Select', '/Resource/GetMarkets']);
/** Where the site sends a search it cannot read: an ordinary 200 page with no FlightData (decision 150). */
const SEARCH_ERROR_PATH = '/Error';

/** The search InternalSelect keeps in the session cookie for /Flight/Select. */
interface EmulatedSearch {
  origin: string;
  destination: string;
  date: string;
  returnDate?: string;
  /** `ftype=GW` was sent: GoWild fares are shown. */
  goWild: boolean;
}
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
  searchErrors: 0,
  needed: 0,
});

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function knobsFrom(opts: Partial<EmulatorKnobs>): EmulatorKnobs {
  return {
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
}

/** How the emulator answers: now, or after the latency knobs' delay (timers it can cancel on close). */
function createReplies(knobs: EmulatorKnobs, dice: () => number) {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  return {
    send,
    later(res: ServerResponse, fn: () => void) {
      const ms = Math.max(0, knobs.latencyMs + (dice() * 2 - 1) * knobs.jitterMs);
      if (ms === 0) return fn();
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) fn();
      }, ms);
      timers.add(t);
    },
    redirect(res: ServerResponse, location: string, cookies: string[] = []) {
      res.writeHead(302, { location, 'set-cookie': cookies, 'content-length': 0 });
      res.end();
    },
    cancelAll() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
type Replies = ReturnType<typeof createReplies>;

type Fault = 'hang' | 'error' | 'block' | 'throttle' | 'notAcceptable';
const FAULT_STAT = { hang: 'hangs', error: 'errors', block: 'blocks', throttle: 'throttles', notAcceptable: 'notAcceptable' } as const;

/** The fault one search gets, if any: one roll of the dice against the knobs' shares, taken in this order. */
function rollFault(knobs: EmulatorKnobs, dice: () => number): Fault | undefined {
  const roll = dice();
  let edge = 0;
  const shares: [Fault, number][] = [
    ['hang', knobs.hangRate],
    ['error', knobs.errorRate],
    ['block', knobs.blockRate],
    ['throttle', knobs.throttleRate],
    ['notAcceptable', knobs.notAcceptableRate],
  ];
  for (const [fault, share] of shares) if (roll < (edge += share)) return fault;
  return undefined;
}

/** The airline's answer for a fault: a 5xx page, a bot block, a 429, a 406, or none at all (a hang). */
function answerFault(fault: Fault, res: ServerResponse, { later, send }: Replies, dice: () => number, retryAfterSeconds: number) {
  switch (fault) {
    case 'hang':
      return; // never answered; the socket is destroyed on close
    case 'error': {
      const status = [500, 502, 503][Math.floor(dice() * 3)] ?? 503;
      return later(res, () => send(res, status, 'text/html; charset=utf-8', serverErrorPage(status)));
    }
    case 'block': {
      const uuid = randomUUID();
      return later(res, () =>
        dice() < 0.5
          ? send(res, 403, 'application/json', perimeterXBlockBody(uuid))
          : send(res, 403, 'text/html; charset=utf-8', captchaPage(uuid)),
      );
    }
    case 'throttle':
      return later(res, () => send(res, 429, 'text/html; charset=utf-8', '', { 'retry-after': String(retryAfterSeconds) }));
    case 'notAcceptable':
      return later(res, () => send(res, 406, 'text/html; charset=utf-8', ''));
  }
}

/** Writes one flight the way a template bug would: one field missing its format (the malformed-flight knob). */
function malform(flight: WireFlight, dice: () => number) {
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

/** /Resource/GetMarkets: every origin with its destinations, and each station's name. */
function marketsBody(network: EmulatorNetwork): string {
  const byOrigin = new Map<string, string[]>();
  for (const r of network.routes()) byOrigin.set(r.origin, [...(byOrigin.get(r.origin) ?? []), r.destination]);
  const codes = [...new Set([...byOrigin.keys(), ...[...byOrigin.values()].flat()])].sort();
  return JSON.stringify({
    markets: [...byOrigin].map(([fromStation, toStations]) => ({ fromStation, toStations })),
    marketDetails: codes.map((stationCode) => ({
      stationCode,
      cityAndCode: network.airport(stationCode)?.cityAndCode ?? stationCode,
    })),
  });
}

/** Not part of the airline's site: lets a benchmark in another process read counters and turn knobs. */
function control(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  emulator: { stats(): EmulatorStats; resetStats(seed?: number): void; knobs: EmulatorKnobs; send: Replies['send'] },
) {
  const { knobs, send } = emulator;
  const json = (body: unknown) => send(res, 200, 'application/json', JSON.stringify(body));
  /** Reads the request's JSON object (an empty body is `{}`), or answers 400. */
  const withBody = (then: (body: Record<string, unknown>) => void) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        body = undefined;
      }
      if (typeof body !== 'object' || body === null) return send(res, 400, 'text/plain', 'expected a JSON object');
      then(body as Record<string, unknown>);
    });
  };
  if (path === '/__emulator/stats' && req.method === 'GET') return json({ stats: emulator.stats(), knobs });
  if (path === '/__emulator/reset' && req.method === 'POST')
    return withBody((body) => {
      emulator.resetStats(typeof body.seed === 'number' ? body.seed : undefined);
      json({ stats: emulator.stats() });
    });
  if (path === '/__emulator/knobs' && req.method === 'POST')
    return withBody((body) => {
      for (const k of Object.keys(knobs) as (keyof EmulatorKnobs)[]) if (typeof body[k] === 'number') knobs[k] = body[k] as number;
      json({ knobs });
    });
  send(res, 404, 'text/plain', 'no such control');
}

/**
 * A stand-in for booking.flyfrontier.com that speaks its wire format: InternalSelect stores the search in a session
 * cookie and redirects to /Flight/Select, which renders the results page; /Resource/GetMarkets lists the network.
 * Select without the session cookie sends the browser home, as the site does.
 */
export async function startFrontierEmulator(opts: EmulatorOptions): Promise<FrontierEmulator> {
  const knobs = knobsFrom(opts);
  const schedule = createSchedule({ network: opts.network, bucketMinutes: opts.bucketMinutes ?? 30 });
  let seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const dice = seededRandom(seed);
  let stats = emptyStats();
  /** Per search (route and dates): its own dice, and whether one of its tries was answered without a fault. */
  let tries = new Map<string, { dice: () => number; answered: boolean }>();
  const resetStats = (newSeed?: number) => {
    stats = emptyStats();
    tries = new Map();
    if (newSeed !== undefined) seed = newSeed;
  };
  const replies = createReplies(knobs, dice);
  const { later, redirect, send } = replies;
  const wall = opts.botWall ? createBotWall({ freeRequests: opts.botWall.freeRequests }) : undefined;
  /** An HTML page as served: with the wall's sensor script when the wall is on. */
  const html = (page: string) => (wall ? wall.withSensor(page) : page);

  /**
   * InternalSelect, as strict as the site is reported to be (decision 150): airports must be codes; a date it cannot
   * read (`dd1`, or `dd2` of a round trip, `r=true`) lands on the site's error page, never on results; without
   * `ftype=GW` the flights come with GoWild not enabled.
   */
  function internalSelect(url: URL, res: ServerResponse) {
    stats.internalSelect++;
    const params = url.searchParams;
    const origin = (params.get('o1') ?? '').toUpperCase();
    const destination = (params.get('d1') ?? '').toUpperCase();
    if (!/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination)) return redirect(res, '/');
    const date = parseFrontierDate(params.get('dd1') ?? '');
    const roundTrip = params.get('r')?.toLowerCase() === 'true';
    const returnDate = roundTrip ? parseFrontierDate(params.get('dd2') ?? '') : undefined;
    if (!date || (roundTrip && (!returnDate || returnDate < date))) {
      stats.searchErrors++;
      return redirect(res, SEARCH_ERROR_PATH);
    }
    // The fault comes from the seed, the search and which try this is, never from the order requests arrive in.
    const today = todayUtc(opts.clock.now());
    const key = [origin, destination, daysBetween(today, date), returnDate ? daysBetween(today, returnDate) : ''].join('|');
    // A long-running emulator (the one-command start) forgets its tries now and then rather than keep every search.
    if (tries.size >= MAX_TRIES_KEPT && !tries.has(key)) tries = new Map();
    const tried = tries.get(key) ?? { dice: randomFor(seed, key), answered: false };
    tries.set(key, tried);
    if (!tried.answered) stats.needed++;
    // Two numbers a try, used or not, so try n always reads the same ones.
    const [roll = 0, detail = 0] = [tried.dice(), tried.dice()];
    const fault = rollFault(knobs, () => roll);
    if (fault) {
      stats[FAULT_STAT[fault]]++;
      return answerFault(fault, res, replies, () => detail, opts.retryAfterSeconds ?? 1);
    }
    tried.answered = true;
    const search: EmulatedSearch = { origin, destination, date, goWild: params.get('ftype')?.toUpperCase() === 'GW' };
    if (returnDate) search.returnDate = returnDate;
    const session = Buffer.from(JSON.stringify(search)).toString('base64url');
    redirect(res, '/Flight/Select', [`${SESSION_COOKIE}=${session}; path=/; HttpOnly; SameSite=Lax`, `_pxhd=${randomUUID()}; path=/`]);
  }

  function select(req: IncomingMessage, res: ServerResponse) {
    stats.select++;
    let search: EmulatedSearch | undefined;
    try {
      const raw = readCookie(req, SESSION_COOKIE);
      if (raw) search = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    } catch {
      search = undefined;
    }
    if (!search?.origin || !search.destination || !search.date) return redirect(res, '/');
    // The page is built on arrival and sent when the latency has passed, as a real server works while the client waits.
    const data = schedule.flightData({ ...search, goWild: search.goWild === true }, opts.clock.now());
    let change: PageChange | undefined;
    if (knobs.pageChangeRate > 0 && dice() < knobs.pageChangeRate) {
      stats.pageChanges++;
      change = dice() < 0.5 ? 'renamed' : 'truncated';
    }
    if (knobs.malformedRate > 0)
      for (const f of data.results.journeys.flatMap((j) => j.flights ?? []))
        if (dice() < knobs.malformedRate) {
          stats.malformedFlights++;
          malform(f, dice);
        }
    const page = html(selectPage(data, search, change));
    later(res, () => {
      stats.answered++;
      send(res, 200, 'text/html; charset=utf-8', page);
    });
  }

  const controls = { stats: () => stats, resetStats, knobs, send };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    if (url.pathname.startsWith('/__emulator/')) return control(req, res, url.pathname, controls);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method Not Allowed');
    if (wall && GUARDED_PATHS.has(url.pathname) && !wall.admits(req)) {
      const blocked = wall.blockAnswer(req);
      return send(res, 403, blocked.type, blocked.body);
    }
    if (url.pathname === '/Flight/InternalSelect') return internalSelect(url, res);
    if (url.pathname === '/Flight/Select') return select(req, res);
    if (url.pathname === '/Resource/GetMarkets') {
      stats.markets++;
      return send(res, 200, 'application/json; charset=utf-8', marketsBody(opts.network));
    }
    if (url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', html(homePage()));
    if (url.pathname === SEARCH_ERROR_PATH) return send(res, 200, 'text/html; charset=utf-8', html(searchErrorPage()));
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
    botWall: wall,
    setKnobs: (k) => Object.assign(knobs, k),
    resetStats,
    close: () =>
      new Promise<void>((resolve) => {
        replies.cancelAll();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
