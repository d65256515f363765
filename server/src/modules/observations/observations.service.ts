import { addDays, todayUtc } from '@gowild/contract/dates';
import { SEARCH_MAX_DAYS_AHEAD, SEARCH_MESSAGES } from '@gowild/contract/flights';
import { GOWILD_WINDOW_DAYS } from '@gowild/contract/gowild-window';
import {
  GOOD_PRICE_RULES,
  type GoodPrice,
  type GridCell,
  type GridResponse,
  LIKELIHOOD_RULES,
  type Likelihood,
  OBSERVATION_MESSAGES,
  type PricePoint,
  type PriceHistoryResponse,
  type RouteInsightsResponse,
  goodPriceOf,
  gridDates,
  likelihoodOf,
} from '@gowild/contract/observations';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/http-error';
import { isDomesticRoute } from '../../lib/reference-data/airports';
import type { ObservationMetrics } from './observations.metrics';
import { type FlightStateRow, type GridRow, type ObservationsRepository, WINDOW_OPENING_HOURS } from './observations.repository';
import type { RibbonRow, RibbonRun } from './ribbon-fares';

export interface ObservationsServiceDeps {
  repository: ObservationsRepository;
  clock: Clock;
  /** The route network and blackout dates (reference module). */
  reference: { destinationsFrom(origin: string): readonly string[]; isBlackout(date: string): boolean };
  /** Reads an airport list as search does (codes, comma lists, CITY:XXX), or throws a 400 in words. */
  readAirports(raw: string, requiredMessage: string): { normalized: string; airports: string[] };
  /** Whether the kept answers come from the emulator (demo) rather than the airline. */
  demo: () => boolean;
  /** Counts the figures served only thanks to ribbon fares (`observations_ribbon_filled_total`). */
  metrics?: Pick<ObservationMetrics, 'ribbonFilled'>;
}

const usd = (cents: number | null) => (cents === null ? null : cents / 100);
const DAY_MS = 86_400_000;

/** Rows by `destination|date`. */
function byCell<T extends { destination: string; date: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const key = `${r.destination}|${r.date}`;
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

/** A lowest fare and where it comes from: the latest answer's, or a ribbon's (decision 243). */
interface LowestFare {
  cents: number;
  source: 'answer' | 'ribbon';
  seenAt: Date;
}

/**
 * A (route, date)'s lowest fare over its origins: per origin, the fresher of its answer's and its ribbon's (a ribbon
 * seen after the answer was checked wins; an answer with no flights seen later wins over an older ribbon), then the
 * lowest of the origins. Null when no origin has one.
 */
export function lowestFareOf(rows: readonly GridRow[], ribbons: readonly RibbonRow[]): LowestFare | null {
  let best: LowestFare | null = null;
  for (const origin of new Set([...rows.map((r) => r.origin), ...ribbons.map((r) => r.origin)])) {
    const answer = rows.find((r) => r.origin === origin);
    const ribbon = ribbons.find((r) => r.origin === origin);
    const pick: LowestFare | null =
      ribbon && (!answer || ribbon.seenAt > answer.checkedAt)
        ? { cents: ribbon.cents, source: 'ribbon', seenAt: ribbon.seenAt }
        : answer && answer.lowestFareCents !== null
          ? { cents: answer.lowestFareCents, source: 'answer', seenAt: answer.checkedAt }
          : null;
    if (pick && (!best || pick.cents < best.cents)) best = pick;
  }
  return best;
}

/**
 * Cells of one destination merged across origins: offered by any, lowest of each, checked as of the oldest check. The
 * lowest fare may be a ribbon's (`lowest_fare_source`); GoWild, seats and `checked_at` are the answers' only, so a
 * cell with only a ribbon figure says GoWild is unknown (null).
 */
function mergeCell(date: string, rows: GridRow[], ribbons: RibbonRow[], premium: boolean): GridCell {
  const lowest = lowestFareOf(rows, ribbons);
  const fare = {
    lowest_fare: lowest ? usd(lowest.cents) : null,
    lowest_fare_source: lowest?.source ?? null,
    lowest_fare_seen_at: lowest?.seenAt.toISOString() ?? null,
  };
  if (rows.length === 0) {
    return { date, go_wild_offered: null, lowest_go_wild: null, ...fare, ...(premium ? { seats: null } : {}), checked_at: null };
  }
  const min = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.min(m, x)), null);
  const max = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.max(m, x)), null);
  const oldest = rows.reduce((o, r) => (r.checkedAt < o ? r.checkedAt : o), rows[0]!.checkedAt);
  return {
    date,
    go_wild_offered: rows.some((r) => r.goWildOffered),
    lowest_go_wild: usd(min(rows.map((r) => r.lowestGoWildCents))),
    ...fare,
    ...(premium ? { seats: max(rows.map((r) => r.goWildSeats)) } : {}),
    checked_at: oldest.toISOString(),
  };
}

/**
 * The lowest Standard and Discount Den fare among the flights on sale at each moment an answer changed, oldest
 * first, ending at the last check (docs/product/observations.md#figures).
 */
export function pricePoints(states: readonly FlightStateRow[]): PricePoint[] {
  const moments = [...new Set(states.flatMap((s) => [s.firstSeenAt.getTime()]))].sort((a, b) => a - b);
  const last = Math.max(0, ...states.map((s) => s.lastSeenAt.getTime()));
  if (moments.length > 0 && last > moments[moments.length - 1]!) moments.push(last);
  const points: PricePoint[] = [];
  for (const t of moments) {
    // Each flight's state at t: its newest state first seen by then, if it was still seen then.
    const current = new Map<string, FlightStateRow>();
    for (const s of states) {
      if (s.firstSeenAt.getTime() > t) continue;
      const key = `${s.flightNumber}|${s.departureTime}`;
      const prev = current.get(key);
      if (!prev || prev.firstSeenAt <= s.firstSeenAt) current.set(key, s);
    }
    const live = [...current.values()].filter((s) => s.lastSeenAt.getTime() >= t);
    const lowest = (pick: (s: FlightStateRow) => number | null) =>
      usd(live.reduce<number | null>((m, s) => (pick(s) === null ? m : m === null ? pick(s) : Math.min(m, pick(s)!)), null));
    const standard = lowest((s) => s.standardCents);
    const discountDen = lowest((s) => s.discountDenCents);
    const both = [standard, discountDen].filter((v): v is number => v !== null);
    points.push({
      observed_at: new Date(t).toISOString(),
      standard,
      discount_den: discountDen,
      source: 'answer',
      lowest_fare: both.length > 0 ? Math.min(...both) : null,
    });
  }
  return points;
}

/**
 * The ribbons' points of a route and date (decision 243), like the answers': at each moment a figure changed, the
 * lowest figure of the origins' ribbons still seen then, ending at the last sighting. `origin` tells the origins'
 * figures apart (several origins: a city or a list).
 */
export function ribbonPoints(runs: readonly (RibbonRun & { origin: string })[]): PricePoint[] {
  const moments = [...new Set(runs.map((r) => r.firstSeenAt.getTime()))].sort((a, b) => a - b);
  const last = Math.max(0, ...runs.map((r) => r.lastSeenAt.getTime()));
  if (moments.length > 0 && last > moments[moments.length - 1]!) moments.push(last);
  const points: PricePoint[] = [];
  for (const t of moments) {
    const current = new Map<string, RibbonRun>();
    for (const r of runs) {
      if (r.firstSeenAt.getTime() > t) continue;
      const prev = current.get(r.origin);
      if (!prev || prev.firstSeenAt <= r.firstSeenAt) current.set(r.origin, r);
    }
    const live = [...current.values()].filter((r) => r.lastSeenAt.getTime() >= t).map((r) => r.cents);
    if (live.length === 0) continue;
    points.push({
      observed_at: new Date(t).toISOString(),
      standard: null,
      discount_den: null,
      source: 'ribbon',
      lowest_fare: usd(Math.min(...live)),
    });
  }
  return points;
}

/** Answer and ribbon points in one line of time, oldest first; at the same moment the answer's first. */
function mergedPoints(answers: PricePoint[], ribbons: PricePoint[]): PricePoint[] {
  return [...answers, ...ribbons].sort((a, b) => Date.parse(a.observed_at) - Date.parse(b.observed_at));
}

/** The same count per flight of one route's destinations, keyed by flight number (the best-observed origin's). */
async function flightLikelihoods(
  repository: ObservationsRepository,
  now: Date,
  origins: readonly string[],
  destinations: readonly string[],
) {
  const rows = await repository.likelihood({
    origins,
    destinations,
    since: new Date(now.getTime() - LIKELIHOOD_RULES.windowDays * DAY_MS),
    until: now,
    intl: destinations.filter((d) => origins.some((o) => !isDomesticRoute(o, d))),
    domesticDays: GOWILD_WINDOW_DAYS.domestic,
    intlDays: GOWILD_WINDOW_DAYS.international,
    hours: WINDOW_OPENING_HOURS,
    perFlight: true,
  });
  const out: Record<string, Likelihood> = {};
  for (const r of rows) {
    if (r.flightNumber === null) continue;
    const known = out[r.flightNumber];
    if (!known || known.observed_days < r.days) out[r.flightNumber] = likelihoodOf(r.offered, r.days);
  }
  return out;
}

/**
 * Good-price verdicts per destination for a date: today's lowest fare (the grid cell's: the fresher of the answer's
 * and the ribbon's) against each route's daily lows, the answers' and the ribbons' (decision 243). `ribbonOnly`: the
 * destinations whose verdict exists only thanks to ribbon figures.
 */
async function goodPrices(
  repository: ObservationsRepository,
  now: Date,
  origins: readonly string[],
  destinations: readonly string[],
  date: string,
) {
  const since = new Date(now.getTime() - GOOD_PRICE_RULES.windowDays * DAY_MS);
  const [today, todayRibbons, lows] = await Promise.all([
    repository.grid(origins, date, date),
    repository.ribbonGrid(origins, date, date),
    repository.dailyLows(origins, destinations, since),
  ]);
  // Per destination, the lowest per day of each kind: an answer's UTC day seen and a ribbon's travel date are not the
  // same day, and each is one sample of what the route costs on a day.
  const daily = new Map<string, { answer: Map<string, number>; ribbon: Map<string, number> }>();
  for (const l of lows) {
    const kinds = daily.get(l.destination) ?? { answer: new Map<string, number>(), ribbon: new Map<string, number>() };
    kinds[l.source].set(l.day, Math.min(kinds[l.source].get(l.day) ?? Infinity, l.cents));
    daily.set(l.destination, kinds);
  }
  const verdicts = new Map<string, GoodPrice | null>();
  const ribbonOnly = new Set<string>();
  for (const d of destinations) {
    const rows = today.filter((r) => r.destination === d);
    const fare = lowestFareOf(
      rows,
      todayRibbons.filter((r) => r.destination === d),
    );
    const kinds = daily.get(d);
    const dollars = (m: Map<string, number> | undefined) => [...(m?.values() ?? [])].map((c) => c / 100);
    const verdict = fare && kinds ? goodPriceOf([...dollars(kinds.answer), ...dollars(kinds.ribbon)], fare.cents / 100) : null;
    verdicts.set(d, verdict);
    const answerFare = lowestFareOf(rows, []);
    if (verdict && (!answerFare || goodPriceOf(dollars(kinds?.answer), answerFare.cents / 100) === null)) ribbonOnly.add(d);
  }
  return { verdicts, ribbonOnly };
}

/** Grid, likelihood, price history and good price, read from kept observations only: never an airline request. */
export function createObservationsService(deps: ObservationsServiceDeps) {
  const { repository, clock, reference } = deps;

  /** Destinations from the origins, in code order, never an origin itself. */
  const destinationsOf = (origins: readonly string[]) =>
    [...new Set(origins.flatMap((o) => reference.destinationsFrom(o)))].filter((d) => !origins.includes(d)).sort();

  /** A start date may be yesterday (a traveller west of UTC) up to the search's farthest date. */
  function readStart(date: string): void {
    const today = todayUtc(clock.now());
    if (date < addDays(today, -1)) throw badRequest(SEARCH_MESSAGES.datePast);
    if (date > addDays(today, SEARCH_MAX_DAYS_AHEAD)) throw badRequest(SEARCH_MESSAGES.dateTooFar);
  }

  /** Good-price verdicts given only thanks to ribbon figures, counted. */
  const countRibbonVerdicts = (ribbonOnly: ReadonlySet<string>) => {
    if (ribbonOnly.size > 0) deps.metrics?.ribbonFilled.inc({ figure: 'good_price' }, ribbonOnly.size);
  };

  /** Likelihood per destination over the last LIKELIHOOD_RULES.windowDays, from the window openings seen (decision 184). */
  async function likelihoods(origins: readonly string[], destinations?: readonly string[]) {
    const now = clock.now();
    const rows = await repository.openings(
      origins,
      destinations ?? destinationsOf(origins),
      new Date(now.getTime() - LIKELIHOOD_RULES.windowDays * DAY_MS),
      now,
    );
    const byDestination = new Map(rows.map((r) => [r.destination, likelihoodOf(r.offered, r.days)]));
    return { of: (d: string) => byDestination.get(d) ?? likelihoodOf(0, 0) };
  }

  return {
    /** GET /api/flights/grid: every destination from the origin(s) for `days` dates from `from`; seats for premium. */
    async grid(q: { origin: string; from: string; days: number }, premium: boolean): Promise<GridResponse> {
      const origin = deps.readAirports(q.origin, OBSERVATION_MESSAGES.originRequired);
      readStart(q.from);
      const dates = gridDates(q.from, q.days);
      const destinations = destinationsOf(origin.airports);
      const [from, to] = [dates[0]!, dates[dates.length - 1]!];
      const [rows, ribbons, likely] = await Promise.all([
        repository.grid(origin.airports, from, to),
        repository.ribbonGrid(origin.airports, from, to),
        likelihoods(origin.airports, destinations),
      ]);
      const cells = byCell(rows);
      const ribbonCells = byCell(ribbons);
      let ribbonOnly = 0;
      const cellOf = (destination: string, date: string) => {
        const key = `${destination}|${date}`;
        const cell = mergeCell(date, cells.get(key) ?? [], ribbonCells.get(key) ?? [], premium);
        if (cell.checked_at === null && cell.lowest_fare_source === 'ribbon') ribbonOnly++;
        return cell;
      };
      const answer: GridResponse = {
        origin: origin.normalized,
        origin_airports: origin.airports,
        dates: dates.map((date) => ({ date, blackout: reference.isBlackout(date) })),
        destinations: destinations.map((destination) => ({
          destination,
          cells: dates.map((date) => cellOf(destination, date)),
          likelihood: likely.of(destination),
        })),
        demo: deps.demo(),
      };
      if (ribbonOnly > 0) deps.metrics?.ribbonFilled.inc({ figure: 'grid_cell' }, ribbonOnly);
      return answer;
    },

    /** GET /api/flights/route-insights: likelihood and good price for every destination observed from the origin(s). */
    async insights(q: { origin: string; date: string }): Promise<RouteInsightsResponse> {
      const origin = deps.readAirports(q.origin, OBSERVATION_MESSAGES.originRequired);
      readStart(q.date);
      const destinations = destinationsOf(origin.airports);
      const [likely, prices] = await Promise.all([
        likelihoods(origin.airports, destinations),
        goodPrices(repository, clock.now(), origin.airports, destinations, q.date),
      ]);
      const routes: RouteInsightsResponse['routes'] = {};
      countRibbonVerdicts(prices.ribbonOnly);
      for (const d of destinations) {
        const likelihood = likely.of(d);
        const good = prices.verdicts.get(d) ?? null;
        // A destination never observed is left out.
        if (likelihood.observed_days === 0 && good === null) continue;
        routes[d] = { likelihood, good_price: good };
      }
      return { origin: origin.normalized, date: q.date, routes, demo: deps.demo() };
    },

    /** GET /api/flights/price-history: one route's fares for one date over time, with its verdicts. */
    async priceHistory(q: { origin: string; destination: string; date: string }): Promise<PriceHistoryResponse> {
      const origin = deps.readAirports(q.origin, OBSERVATION_MESSAGES.originRequired);
      const destination = deps.readAirports(q.destination, OBSERVATION_MESSAGES.destinationRequired);
      if (destination.airports.every((d) => origin.airports.includes(d))) throw badRequest(SEARCH_MESSAGES.sameOriginDestination);
      const pairs = origin.airports.flatMap((o) => destination.airports.filter((d) => d !== o).map((d) => [o, d] as const));
      const states = (await Promise.all(pairs.map(([o, d]) => repository.history(o, d, q.date)))).flat();
      const runs = (
        await Promise.all(
          pairs.map(async ([o, d]) => (await repository.ribbonHistory(o, d, q.date)).map((r) => ({ ...r, origin: `${o}-${d}` }))),
        )
      ).flat();
      const [likely, prices, flightLikelihood] = await Promise.all([
        likelihoods(origin.airports, destination.airports),
        goodPrices(repository, clock.now(), origin.airports, destination.airports, q.date),
        flightLikelihoods(repository, clock.now(), origin.airports, destination.airports),
      ]);
      const verdicts = destination.airports.map((d) => prices.verdicts.get(d) ?? null).filter((g): g is GoodPrice => g !== null);
      const merged = destination.airports.map((d) => likely.of(d));
      const fromRibbons = ribbonPoints(runs);
      if (fromRibbons.length > 0) deps.metrics?.ribbonFilled.inc({ figure: 'history_point' }, fromRibbons.length);
      countRibbonVerdicts(prices.ribbonOnly);
      return {
        origin: origin.normalized,
        destination: destination.normalized,
        date: q.date,
        points: mergedPoints(pricePoints(states), fromRibbons),
        good_price: verdicts.sort((a, b) => a.fare - b.fare)[0] ?? null,
        likelihood: merged.sort((a, b) => b.observed_days - a.observed_days)[0] ?? likelihoodOf(0, 0),
        flight_likelihood: flightLikelihood,
        demo: deps.demo(),
      };
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
