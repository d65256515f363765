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
import { type FlightStateRow, type GridRow, type ObservationsRepository, WINDOW_OPENING_HOURS } from './observations.repository';

export interface ObservationsServiceDeps {
  repository: ObservationsRepository;
  clock: Clock;
  /** The route network and blackout dates (reference module). */
  reference: { destinationsFrom(origin: string): readonly string[]; isBlackout(date: string): boolean };
  /** Reads an airport list as search does (codes, comma lists, CITY:XXX), or throws a 400 in words. */
  readAirports(raw: string, requiredMessage: string): { normalized: string; airports: string[] };
  /** Whether the kept answers come from the emulator (demo) rather than the airline. */
  demo: () => boolean;
}

const usd = (cents: number | null) => (cents === null ? null : cents / 100);
const DAY_MS = 86_400_000;

/** Cells of one destination merged across origins: offered by any, lowest of each, checked as of the oldest check. */
function mergeCell(date: string, rows: GridRow[], premium: boolean): GridCell {
  if (rows.length === 0) {
    return { date, go_wild_offered: null, lowest_go_wild: null, lowest_fare: null, ...(premium ? { seats: null } : {}), checked_at: null };
  }
  const min = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.min(m, x)), null);
  const max = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : m === null ? x : Math.max(m, x)), null);
  const oldest = rows.reduce((o, r) => (r.checkedAt < o ? r.checkedAt : o), rows[0]!.checkedAt);
  return {
    date,
    go_wild_offered: rows.some((r) => r.goWildOffered),
    lowest_go_wild: usd(min(rows.map((r) => r.lowestGoWildCents))),
    lowest_fare: usd(min(rows.map((r) => r.lowestFareCents))),
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
    points.push({
      observed_at: new Date(t).toISOString(),
      standard: lowest((s) => s.standardCents),
      discount_den: lowest((s) => s.discountDenCents),
    });
  }
  return points;
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

/** Good-price verdicts per destination for a date: today's lowest fare against each route's daily lows. */
async function goodPrices(
  repository: ObservationsRepository,
  now: Date,
  origins: readonly string[],
  destinations: readonly string[],
  date: string,
) {
  const since = new Date(now.getTime() - GOOD_PRICE_RULES.windowDays * DAY_MS);
  const [today, lows] = await Promise.all([repository.grid(origins, date, date), repository.dailyLows(origins, destinations, since)]);
  const daily = new Map<string, Map<string, number>>();
  for (const l of lows) {
    const days = daily.get(l.destination) ?? new Map<string, number>();
    days.set(l.day, Math.min(days.get(l.day) ?? Infinity, l.cents));
    daily.set(l.destination, days);
  }
  const verdicts = new Map<string, GoodPrice | null>();
  for (const d of destinations) {
    const fares = today.filter((r) => r.destination === d && r.lowestFareCents !== null).map((r) => r.lowestFareCents!);
    const days = daily.get(d);
    verdicts.set(
      d,
      fares.length > 0 && days
        ? goodPriceOf(
            [...days.values()].map((c) => c / 100),
            Math.min(...fares) / 100,
          )
        : null,
    );
  }
  return verdicts;
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
      const [rows, likely] = await Promise.all([
        repository.grid(origin.airports, dates[0]!, dates[dates.length - 1]!),
        likelihoods(origin.airports, destinations),
      ]);
      const cells = new Map<string, GridRow[]>();
      for (const r of rows) {
        const key = `${r.destination}|${r.date}`;
        cells.set(key, [...(cells.get(key) ?? []), r]);
      }
      return {
        origin: origin.normalized,
        origin_airports: origin.airports,
        dates: dates.map((date) => ({ date, blackout: reference.isBlackout(date) })),
        destinations: destinations.map((destination) => ({
          destination,
          cells: dates.map((date) => mergeCell(date, cells.get(`${destination}|${date}`) ?? [], premium)),
          likelihood: likely.of(destination),
        })),
        demo: deps.demo(),
      };
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
      for (const d of destinations) {
        const likelihood = likely.of(d);
        const good = prices.get(d) ?? null;
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
      const [likely, prices, flightLikelihood] = await Promise.all([
        likelihoods(origin.airports, destination.airports),
        goodPrices(repository, clock.now(), origin.airports, destination.airports, q.date),
        flightLikelihoods(repository, clock.now(), origin.airports, destination.airports),
      ]);
      const verdicts = destination.airports.map((d) => prices.get(d) ?? null).filter((g): g is GoodPrice => g !== null);
      const merged = destination.airports.map((d) => likely.of(d));
      return {
        origin: origin.normalized,
        destination: destination.normalized,
        date: q.date,
        points: pricePoints(states),
        good_price: verdicts.sort((a, b) => a.fare - b.fare)[0] ?? null,
        likelihood: merged.sort((a, b) => b.observed_days - a.observed_days)[0] ?? likelihoodOf(0, 0),
        flight_likelihood: flightLikelihood,
        demo: deps.demo(),
      };
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
