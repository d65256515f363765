import { CITY_PREFIX, expandAirportInput, findCityGroup, normalizeAirportInput } from '@gowild/contract/city-groups';
import { addDays, isoDateSchema, todayUtc } from '@gowild/contract/dates';
import { SEARCH_MAX_AIRPORT_ITEMS, SEARCH_MAX_DAYS_AHEAD, SEARCH_MESSAGES, unknownAirportMessage } from '@gowild/contract/flights';
import { LIMITS } from '@gowild/contract/limits';
import { badRequest } from '../../lib/http-error';
import { todayAt } from '@gowild/contract/local-time';
import type { SearchKind } from '../accounts/accounts.module';
import type { FlightQuery } from '../../providers/flights/flights.provider';
import { findAirport } from '../../lib/reference-data/airports';

interface SearchParameters {
  origin: string;
  origin_airports: string[];
  destination: string | null;
  date: string;
  max_workers: number;
}

/** A validated search: the airline queries to make and how their answers are grouped. */
export interface SearchPlan {
  kind: SearchKind;
  direction: 'outbound' | 'inbound';
  queries: FlightQuery[];
  /** Result keys in order: destinations (outbound) or origins (inbound). */
  codes: string[];
  search_parameters: SearchParameters;
}

export interface PlanContext {
  now: Date;
  /** Routes out of / into an airport, from the reference data. */
  destinationsFrom(origin: string): readonly string[];
  originsTo(destination: string): readonly string[];
  /** Highest max_workers the server allows (LIMITS cap, and never above the global upstream cap). */
  maxWorkersCap: number;
}

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** What a valid airport list reads as: it depends on the fixed airport and city data only, so it is kept (decision 063). */
const readAirportsMemo = new Map<string, { normalized: string; airports: readonly string[] }>();

/**
 * The rules of docs/product/search.md#input-rules: trimmed, upper-cased, CITY:XXX kept; every item must be a known
 * airport or city group. The query schema has already refused a missing or blank value.
 */
export function readAirports(raw: string, requiredMessage: string): { normalized: string; airports: string[] } {
  const known = readAirportsMemo.get(raw);
  if (known) return { normalized: known.normalized, airports: [...known.airports] };
  const read = readAirportsUncached(raw, requiredMessage);
  if (readAirportsMemo.size >= 1000) readAirportsMemo.clear();
  readAirportsMemo.set(raw, { normalized: read.normalized, airports: [...read.airports] });
  return read;
}

function readAirportsUncached(raw: string, requiredMessage: string): { normalized: string; airports: string[] } {
  const normalized = normalizeAirportInput(raw);
  const items = normalized.split(',').filter(Boolean);
  if (items.length === 0) throw badRequest(requiredMessage);
  if (items.length > SEARCH_MAX_AIRPORT_ITEMS) throw badRequest(SEARCH_MESSAGES.tooManyAirports);
  for (const item of items) {
    const known = item.startsWith(CITY_PREFIX)
      ? findCityGroup(item) !== undefined
      : /^[A-Z]{3}$/.test(item) && findAirport(item) !== undefined;
    if (!known) throw badRequest(unknownAirportMessage(item));
  }
  return { normalized, airports: expandAirportInput(normalized) };
}

/**
 * A date (YYYY-MM-DD by the query schema) must be a real one. It is in the past when it is before today at every
 * departure airport (so a late-evening search on the west coast may still ask for "today" after midnight UTC). It
 * may be at most SEARCH_MAX_DAYS_AHEAD days ahead.
 */
function readDate(date: string, departureAirports: string[], now: Date): string {
  if (!isoDateSchema.safeParse(date).success) throw badRequest(SEARCH_MESSAGES.dateInvalid);
  const todays = departureAirports.map((c) => findAirport(c)?.timezone).map((tz) => todayAt(tz, now));
  if (todays.length === 0) todays.push(todayUtc(now));
  const earliestToday = todays.reduce((a, b) => (a < b ? a : b));
  if (date < earliestToday) throw badRequest(SEARCH_MESSAGES.datePast);
  if (date > addDays(earliestToday, SEARCH_MAX_DAYS_AHEAD)) throw badRequest(SEARCH_MESSAGES.dateTooFar);
  return date;
}

function clampWorkers(requested: number | '' | undefined, fallback: number, cap: number): number {
  const n = typeof requested === 'number' ? requested : fallback;
  return Math.max(1, Math.min(cap, Math.floor(n)));
}

/** Outbound: from the origin airports to every route out of them, or to the given destination (single route). */
export function planOutbound(
  input: { origin: string; date: string; destination?: string; max_workers?: number | '' },
  ctx: PlanContext,
): SearchPlan {
  const single = !blank(input.destination);
  const origin = readAirports(input.origin, SEARCH_MESSAGES.originRequired);
  const destination = single ? readAirports(input.destination!, SEARCH_MESSAGES.destinationRequired) : undefined;
  const date = readDate(input.date, origin.airports, ctx.now);
  if (destination && destination.airports.every((d) => origin.airports.includes(d)))
    throw badRequest(SEARCH_MESSAGES.sameOriginDestination);

  const queries: FlightQuery[] = [];
  const codes = new Set<string>();
  const origins = new Set(origin.airports);
  for (const o of origin.airports) {
    // A single route is asked for even without a nonstop in the network: the airline sells connections too.
    const targets = destination ? destination.airports : ctx.destinationsFrom(o);
    for (const d of targets) {
      if (origins.has(d)) continue;
      queries.push({ origin: o, destination: d, date });
      codes.add(d);
    }
  }
  return {
    kind: single ? 'single' : 'search',
    direction: 'outbound',
    queries,
    codes: [...codes],
    search_parameters: {
      origin: origin.normalized,
      origin_airports: origin.airports,
      destination: destination?.normalized ?? null,
      date,
      max_workers: clampWorkers(input.max_workers, LIMITS.maxWorkersOutboundDefault, ctx.maxWorkersCap),
    },
  };
}

/** Inbound: every origin with a route into the destination airports. The date defaults to today there. */
export function planInbound(input: { destination: string; date?: string; max_workers?: number | '' }, ctx: PlanContext): SearchPlan {
  const destination = readAirports(input.destination, SEARCH_MESSAGES.destinationRequired);
  const queries: FlightQuery[] = [];
  const codes: string[] = [];
  for (const d of destination.airports) {
    for (const o of ctx.originsTo(d)) {
      if (destination.airports.includes(o)) continue;
      queries.push({ origin: o, destination: d, date: '' });
      if (!codes.includes(o)) codes.push(o);
    }
  }
  const firstZone = findAirport(destination.airports[0] ?? '')?.timezone;
  const rawDate = blank(input.date) ? todayAt(firstZone, ctx.now) : input.date!;
  const date = readDate(rawDate, codes.length > 0 ? codes : destination.airports, ctx.now);
  for (const q of queries) q.date = date;
  return {
    kind: 'inbound',
    direction: 'inbound',
    queries,
    codes,
    search_parameters: {
      origin: `Inbound to ${destination.normalized}`,
      origin_airports: codes,
      destination: destination.normalized,
      date,
      max_workers: clampWorkers(input.max_workers, LIMITS.maxWorkersInboundDefault, ctx.maxWorkersCap),
    },
  };
}
