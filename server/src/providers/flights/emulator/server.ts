import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { parseFrontierDate } from '../frontier-request';
import type { EmulatorNetwork } from './network';
import { type PageChange, type PageSearch, type PageShape, homePage, searchErrorPage, selectPage } from './pages';
import { randomFor, seededRandom } from '../../../lib/seeded-random';
import { daysBetween, todayUtc } from '@gowild/contract/dates';
import { type Schedule, createSchedule } from './schedule';
import { type BotWall, createBotWall } from './bot-wall';
import { type EmulatorKnobs, FAULT_STAT, type Replies, answerFault, createReplies, knobsFrom, malform, rollFault } from './faults';
import { control } from './control';
import { legacyFlightData } from './legacy-page-model';
import { realFlightData } from './page-model';
import { usDate } from './wire-text';

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
  /** Which FlightData the results page carries (EMULATOR_PAGE_SHAPE): the real page's (default) or the legacy one. */
  pageShape?: PageShape;
}

interface EmulatorStats {
  internalSelect: number;
  select: number;
  markets: number;
  /** /Flight/RetrieveSchedule requests. */
  schedules: number;
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
    pageShape: config.EMULATOR_PAGE_SHAPE,
  };
}

const SESSION_COOKIE = 'ASP.NET_SessionId';
/** Searches whose tries the fault dice keep at most (a benchmark run asks far fewer). */
const MAX_TRIES_KEPT = 50_000;
/** The pages the bot wall guards: the ones that carry data. The home page is always served, with the wall's script. */
const GUARDED_PATHS = new Set(['/Flight/InternalSelect', '/Flight/Select', '/Resource/GetMarkets', '/Flight/RetrieveSchedule']);
/** Where the site sends a search it cannot read: an ordinary 200 page with no FlightData (decision 150). */
const SEARCH_ERROR_PATH = '/Error';

const emptyStats = (): EmulatorStats => ({
  internalSelect: 0,
  select: 0,
  markets: 0,
  schedules: 0,
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

/**
 * The fault dice: each request is rolled from the seed, its key (a search, a route's calendar, the markets) and
 * which try of that key this is, never from the order requests arrive in. Two numbers a try, used or not, so try n
 * always reads the same ones.
 */
function createFaultDice(seedOf: () => number) {
  let tries = new Map<string, { dice: () => number; answered: boolean }>();
  return {
    next(key: string) {
      // A long-running emulator (the one-command start) forgets its tries now and then rather than keep every one.
      if (tries.size >= MAX_TRIES_KEPT && !tries.has(key)) tries = new Map();
      const tried = tries.get(key) ?? { dice: randomFor(seedOf(), key), answered: false };
      tries.set(key, tried);
      return { tried, roll: tried.dice(), detail: tried.dice() };
    },
    forget() {
      tries = new Map();
    },
  };
}
type FaultDice = ReturnType<typeof createFaultDice>;

/** What the site's pages need: the schedule, the dice, the counters and how to answer. */
interface Site {
  opts: EmulatorOptions;
  knobs: EmulatorKnobs;
  schedule: Schedule;
  faults: FaultDice;
  dice: () => number;
  stats: () => EmulatorStats;
  replies: Replies;
  html: (page: string) => string;
}

/**
 * Answers a request for data through the fault dice: the fault's answer, or `answer` (after the latency). Returns
 * whether it was answered without a fault.
 */
function throughFaults(site: Site, res: ServerResponse, key: string, json: boolean): { ok: boolean; firstTry: boolean } {
  const { tried, roll, detail } = site.faults.next(key);
  const firstTry = !tried.answered;
  const fault = rollFault(site.knobs, roll);
  if (!fault) {
    tried.answered = true;
    return { ok: true, firstTry };
  }
  site.stats()[FAULT_STAT[fault]]++;
  answerFault(fault, res, site.replies, { detail, retryAfterSeconds: site.opts.retryAfterSeconds ?? 1, json });
  return { ok: false, firstTry };
}

/**
 * InternalSelect, as loose as the site (decision 240): any `dd1` form working tools send, `adt` or `ADT`, any `ftype`
 * or none (GoWild fares are shown whatever it says); airports must be codes; a date it cannot read (`dd1`, or with
 * `r=true` a `dd2`) lands on the site's error page, never on results.
 */
function internalSelect(site: Site, url: URL, res: ServerResponse) {
  const stats = site.stats();
  stats.internalSelect++;
  const params = url.searchParams;
  const origin = (params.get('o1') ?? '').toUpperCase();
  const destination = (params.get('d1') ?? '').toUpperCase();
  if (!/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination)) return site.replies.redirect(res, '/');
  const date = parseFrontierDate(params.get('dd1') ?? '');
  const roundTrip = params.get('r')?.toLowerCase() === 'true';
  const returnDate = roundTrip ? parseFrontierDate(params.get('dd2') ?? '') : undefined;
  if (!date || (roundTrip && (!returnDate || returnDate < date))) {
    stats.searchErrors++;
    return site.replies.redirect(res, SEARCH_ERROR_PATH);
  }
  const today = todayUtc(site.opts.clock.now());
  const key = [origin, destination, daysBetween(today, date), returnDate ? daysBetween(today, returnDate) : ''].join('|');
  const { ok, firstTry } = throughFaults(site, res, key, false);
  if (firstTry) stats.needed++;
  if (!ok) return;
  const search: PageSearch = { origin, destination, date };
  if (returnDate) search.returnDate = returnDate;
  const session = Buffer.from(JSON.stringify(search)).toString('base64url');
  site.replies.redirect(res, '/Flight/Select', [
    `${SESSION_COOKIE}=${session}; path=/; HttpOnly; SameSite=Lax`,
    `_pxhd=${randomUUID()}; path=/`,
  ]);
}

/** The FlightData of a page in the configured shape, and its flights (for the malformed-flight knob). */
function flightDataOf(site: Site, search: PageSearch, now: Date): { data: unknown; flights: { legs: unknown[] }[] } {
  const model = { schedule: site.schedule, network: site.opts.network };
  if ((site.opts.pageShape ?? 'real') === 'legacy') {
    const data = legacyFlightData(model, search, now);
    return { data, flights: data.results.journeys.flatMap((j) => j.flights ?? []) };
  }
  const data = realFlightData(model, search, now);
  return { data, flights: data.journeys.flatMap((j) => j.flights ?? []) };
}

/** /Flight/Select: the results page of the search in the session cookie; without one, home, as the site does. */
function select(site: Site, req: IncomingMessage, res: ServerResponse) {
  const stats = site.stats();
  stats.select++;
  let search: PageSearch | undefined;
  try {
    const raw = readCookie(req, SESSION_COOKIE);
    if (raw) search = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    search = undefined;
  }
  if (!search?.origin || !search.destination || !search.date) return site.replies.redirect(res, '/');
  // The page is built on arrival and sent when the latency has passed, as a real server works while the client waits.
  const { data, flights } = flightDataOf(site, search, site.opts.clock.now());
  const { knobs, dice } = site;
  let change: PageChange | undefined;
  if (knobs.pageChangeRate > 0 && dice() < knobs.pageChangeRate) {
    stats.pageChanges++;
    change = dice() < 0.5 ? 'renamed' : 'truncated';
  }
  if (knobs.malformedRate > 0)
    for (const f of flights)
      if (dice() < knobs.malformedRate) {
        stats.malformedFlights++;
        malform(f, dice);
      }
  const page = site.html(selectPage(data, search, { shape: site.opts.pageShape ?? 'real', change }));
  site.replies.later(res, () => {
    stats.answered++;
    site.replies.send(res, 200, 'text/html; charset=utf-8', page);
  });
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

/**
 * The site's JSON endpoints, GetMarkets and RetrieveSchedule: through the same fault dice as searches (a block is
 * always PerimeterX's JSON here), then answered after the latency.
 */
function jsonData(site: Site, url: URL, res: ServerResponse) {
  const stats = site.stats();
  let key: string;
  let body: () => string;
  if (url.pathname === '/Resource/GetMarkets') {
    stats.markets++;
    key = 'markets';
    body = () => marketsBody(site.opts.network);
  } else {
    stats.schedules++;
    const origin = (url.searchParams.get('calendarSelectableDays.Origin') ?? '').toUpperCase();
    const destination = (url.searchParams.get('calendarSelectableDays.Destination') ?? '').toUpperCase();
    key = `schedule|${origin}|${destination}`;
    body = () => {
      const calendar = site.schedule.calendar(origin, destination, site.opts.clock.now());
      return JSON.stringify({
        calendarSelectableDays: {
          lastAvailableDate: usDate(calendar.lastAvailableDate),
          disabledDates: calendar.disabledDates.map(usDate),
        },
      });
    };
  }
  if (!throughFaults(site, res, key, true).ok) return;
  const text = body();
  site.replies.later(res, () => site.replies.send(res, 200, 'application/json; charset=utf-8', text));
}

/**
 * A stand-in for booking.flyfrontier.com that speaks its wire format: InternalSelect stores the search in a session
 * cookie and redirects to /Flight/Select, which renders the results page; /Resource/GetMarkets lists the network;
 * /Flight/RetrieveSchedule gives a route's days without flights. Select without the session cookie sends the browser
 * home, as the site does.
 */
export async function startFrontierEmulator(opts: EmulatorOptions): Promise<FrontierEmulator> {
  const knobs = knobsFrom(opts);
  let seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const dice = seededRandom(seed);
  let stats = emptyStats();
  const faults = createFaultDice(() => seed);
  const resetStats = (newSeed?: number) => {
    stats = emptyStats();
    faults.forget();
    if (newSeed !== undefined) seed = newSeed;
  };
  const replies = createReplies(knobs, dice);
  const wall = opts.botWall ? createBotWall({ freeRequests: opts.botWall.freeRequests }) : undefined;
  const site: Site = {
    opts,
    knobs,
    schedule: createSchedule({ network: opts.network, bucketMinutes: opts.bucketMinutes ?? 30 }),
    faults,
    dice,
    stats: () => stats,
    replies,
    // An HTML page as served: with the wall's sensor script when the wall is on.
    html: (page) => (wall ? wall.withSensor(page) : page),
  };
  const { send } = replies;
  const controls = { stats: () => stats, resetStats, knobs, send };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    if (url.pathname.startsWith('/__emulator/')) return control(req, res, url.pathname, controls);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method Not Allowed');
    if (wall && GUARDED_PATHS.has(url.pathname) && !wall.admits(req)) {
      const blocked = wall.blockAnswer(req);
      return send(res, 403, blocked.type, blocked.body);
    }
    if (url.pathname === '/Flight/InternalSelect') return internalSelect(site, url, res);
    if (url.pathname === '/Flight/Select') return select(site, req, res);
    if (url.pathname === '/Resource/GetMarkets' || url.pathname === '/Flight/RetrieveSchedule') return jsonData(site, url, res);
    if (url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', site.html(homePage()));
    if (url.pathname === SEARCH_ERROR_PATH) return send(res, 200, 'text/html; charset=utf-8', site.html(searchErrorPage()));
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
