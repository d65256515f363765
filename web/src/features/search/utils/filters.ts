import { arrivalDayOffset, hasGoWild, highestFare, lowestFare, minutesOfDay } from '@gowild/contract/flight-format';
import { DEFAULT_FLIGHT_SORT, type FlightSortKey, sortFlights } from '@gowild/contract/flight-sort';
import type { RememberedFilters } from '@gowild/contract/favourites';
import type { Flight } from '@gowild/contract/flights';

export type StopsFilter = 'any' | 'nonstop' | 'one_stop';
/** 'gowild': a GoWild fare on sale; 'usual_gowild': the usual GoWild fare, no Early Booking or Peak Day charge. */
export type FareFilter = 'any' | 'gowild' | 'usual_gowild';

/** docs/product/search.md#filters. */
export const FILTER_LIMITS = {
  durationMinHours: 1,
  durationMaxHours: 24,
  durationStepHours: 0.5,
  priceStep: 50,
  timeMin: 0,
  timeMax: 1440,
  timeStep: 30,
  scrollAfterFlights: 8,
} as const;

export interface FlightFilters {
  stops: StopsFilter;
  /** Hours; the top of the range (24) means no limit, so long multi-stop trips are not hidden by default. */
  maxDurationHours: number;
  /** Whole dollars; the top of the range means no limit. */
  maxPrice: number;
  /** Minutes after local midnight, earliest ≤ latest. */
  earliestDeparture: number;
  latestDeparture: number;
  /** Lands by: minutes after midnight of the departure day, local at the arrival airport; the top (24:00) means any. */
  arriveBy: number;
  fares: FareFilter;
  /** docs/product/search.md#sorting: GoWild first (then cheapest, then earliest) unless the traveller picks another order. */
  sort: FlightSortKey;
}

/** The price slider's top: the dearest fare of the list rounded up to a multiple of 50 (at least 50). */
export function priceCeiling(flights: readonly Pick<Flight, 'fares'>[]): number {
  const top = flights.reduce((max, f) => Math.max(max, highestFare(f)), 0);
  const step = FILTER_LIMITS.priceStep;
  return Math.max(step, Math.ceil(top / step) * step);
}

export function defaultFilters(flights: readonly Pick<Flight, 'fares'>[]): FlightFilters {
  return {
    stops: 'any',
    maxDurationHours: FILTER_LIMITS.durationMaxHours,
    maxPrice: priceCeiling(flights),
    earliestDeparture: FILTER_LIMITS.timeMin,
    latestDeparture: FILTER_LIMITS.timeMax,
    arriveBy: FILTER_LIMITS.timeMax,
    fares: 'any',
    sort: DEFAULT_FLIGHT_SORT,
  };
}

/** True when no filter narrows the list (the sort order does not count). */
export function isDefaultFilters(filters: FlightFilters, ceiling: number): boolean {
  return (
    filters.stops === 'any' &&
    filters.maxDurationHours >= FILTER_LIMITS.durationMaxHours &&
    filters.maxPrice >= ceiling &&
    filters.earliestDeparture <= FILTER_LIMITS.timeMin &&
    filters.latestDeparture >= FILTER_LIMITS.timeMax &&
    filters.arriveBy >= FILTER_LIMITS.timeMax &&
    filters.fares === 'any'
  );
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
const snap = (v: number, step: number) => Math.round(v / step) * step;

/**
 * Applies one change and keeps the rules: values snapped to their steps and ranges, and the earliest departure
 * never after the latest (docs/product/search.md#filters) — moving one end past the other pulls the other along.
 */
export function updateFilters(filters: FlightFilters, patch: Partial<FlightFilters>, ceiling: number): FlightFilters {
  const next = { ...filters, ...patch };
  const L = FILTER_LIMITS;
  next.maxDurationHours = clamp(snap(next.maxDurationHours, L.durationStepHours), L.durationMinHours, L.durationMaxHours);
  next.maxPrice = clamp(snap(next.maxPrice, L.priceStep), 0, ceiling);
  next.earliestDeparture = clamp(snap(next.earliestDeparture, L.timeStep), L.timeMin, L.timeMax);
  next.latestDeparture = clamp(snap(next.latestDeparture, L.timeStep), L.timeMin, L.timeMax);
  next.arriveBy = clamp(snap(next.arriveBy, L.timeStep), L.timeMin, L.timeMax);
  if (next.earliestDeparture > next.latestDeparture) {
    if (patch.latestDeparture !== undefined && patch.earliestDeparture === undefined) next.earliestDeparture = next.latestDeparture;
    else next.latestDeparture = next.earliestDeparture;
  }
  return next;
}

export function matchesFilters(flight: Flight, filters: FlightFilters, ceiling: number): boolean {
  if (filters.stops === 'nonstop' && flight.stops !== 0) return false;
  if (filters.stops === 'one_stop' && flight.stops > 1) return false;
  if (filters.maxDurationHours < FILTER_LIMITS.durationMaxHours && flight.duration > filters.maxDurationHours * 60) return false;
  const price = lowestFare(flight);
  if (filters.maxPrice < ceiling && (price === null || price > filters.maxPrice)) return false;
  const dep = minutesOfDay(flight.departure_time);
  if (dep < filters.earliestDeparture || dep > filters.latestDeparture) return false;
  // A flight landing the next day lands after any time of the day it leaves.
  const lands = minutesOfDay(flight.arrival_time) + 1440 * arrivalDayOffset(flight);
  if (filters.arriveBy < FILTER_LIMITS.timeMax && lands > filters.arriveBy) return false;
  if (filters.fares !== 'any' && !hasGoWild(flight)) return false;
  if (filters.fares === 'usual_gowild' && (flight.fares.go_wild?.fare_type ?? 'standard') !== 'standard') return false;
  return true;
}

export function applyFilters(flights: readonly Flight[], filters: FlightFilters, ceiling = priceCeiling(flights)): Flight[] {
  return sortFlights(
    flights.filter((f) => matchesFilters(f, filters, ceiling)),
    filters.sort,
  );
}

/**
 * docs/product/favourites.md#remembered-filters: what an account keeps of a list's filters, every one but the price
 * limit (its range is each list's own).
 */
export function rememberedOf(filters: FlightFilters): RememberedFilters {
  return {
    stops: filters.stops,
    fares: filters.fares,
    earliest_departure: filters.earliestDeparture,
    latest_departure: filters.latestDeparture,
    arrive_by: filters.arriveBy,
    max_duration_hours: filters.maxDurationHours,
    sort: filters.sort,
  };
}

/** A list's first filters: its defaults with what the account remembers laid over them. */
export function startFilters(flights: readonly Pick<Flight, 'fares'>[], remembered: RememberedFilters | null | undefined): FlightFilters {
  const base = defaultFilters(flights);
  if (!remembered) return base;
  return {
    ...base,
    stops: remembered.stops ?? base.stops,
    fares: remembered.fares ?? base.fares,
    earliestDeparture: remembered.earliest_departure ?? base.earliestDeparture,
    latestDeparture: remembered.latest_departure ?? base.latestDeparture,
    arriveBy: remembered.arrive_by ?? base.arriveBy,
    maxDurationHours: remembered.max_duration_hours ?? base.maxDurationHours,
    sort: remembered.sort ?? base.sort,
  };
}
