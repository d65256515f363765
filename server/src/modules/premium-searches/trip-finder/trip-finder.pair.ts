import { daysBetween } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { type GoWildRouteKind, goWildTripOpening } from '@gowild/contract/gowild-window';
import { TRIP_FINDER_LIMITS, type TripDestination, type TripPair } from '@gowild/contract/trip-finder';

/** How long a trip stays: N to M nights, or a day trip with at least H hours there. */
export type StayRule = { dayTrip: false; minNights: number; maxNights: number } | { dayTrip: true; minHours: number };

export interface PairContext {
  now: Date;
  /** Epoch ms of an airport-local time at an airport. */
  instant(localIso: string, code: string): number;
  timeZoneOf(code: string): string | undefined;
  /** The window kind of a route (domestic or international). */
  kindOf(origin: string, destination: string): GoWildRouteKind;
}

const goWild = (f: Flight) => f.fares.go_wild?.total ?? null;
const cents = (x: number) => Math.round(x * 100) / 100;

/** When a flight's standard GoWild window opens: every segment's, each on its departure airport's clock (decision 175). */
export function returnOpensAt(flight: Flight, ctx: Pick<PairContext, 'timeZoneOf' | 'kindOf'>): Date {
  const segments =
    flight.segments.length > 0
      ? flight.segments.map((s) => ({ departure_time: s.departure_time, timeZone: ctx.timeZoneOf(s.departure_airport) }))
      : [{ departure_time: flight.departure_time, timeZone: ctx.timeZoneOf(flight.origin) }];
  return goWildTripOpening(ctx.kindOf(flight.origin, flight.destination), segments).at;
}

/**
 * The pair of a flight out and a flight back, when it makes a trip by the stay rule (decision 216):
 * - the way out has a GoWild fare;
 * - the way back leaves the destination after the way out lands there, and goes back to the airport it left from;
 * - round trip: nights = the return's departure date minus the outbound's arrival date, both local at the
 *   destination, from min to max; day trip: the return lands home on the day the outbound left, and the time
 *   between landing and leaving again is at least H hours;
 * - the way back has a GoWild fare, or its GoWild window has not opened yet (a scheduled flight still counts, and
 *   says when it opens); a return whose window is open and has no GoWild fare is not a GoWild way back.
 */
export function pairOf(out: Flight, back: Flight, rule: StayRule, ctx: PairContext): TripPair | null {
  const outPrice = goWild(out);
  if (outPrice === null) return null;
  if (back.origin !== out.destination || back.destination !== out.origin) return null;
  const stayMs = ctx.instant(back.departure_time, back.origin) - ctx.instant(out.arrival_time, out.destination);
  if (stayMs <= 0) return null;
  const stayMinutes = Math.floor(stayMs / 60_000);
  let nights: number | null = null;
  if (rule.dayTrip) {
    if (back.arrival_time.slice(0, 10) !== out.departure_time.slice(0, 10)) return null;
    if (stayMinutes < rule.minHours * 60) return null;
  } else {
    nights = daysBetween(out.arrival_time.slice(0, 10), back.departure_time.slice(0, 10));
    if (nights < rule.minNights || nights > rule.maxNights) return null;
  }
  const opensAt = returnOpensAt(back, ctx);
  const open = ctx.now.getTime() >= opensAt.getTime();
  const backPrice = goWild(back);
  if (backPrice === null && open) return null;
  return {
    outbound: out,
    return: back,
    nights,
    stay_minutes: stayMinutes,
    outbound_price: outPrice,
    return_price: backPrice,
    total_price: backPrice === null ? null : cents(outPrice + backPrice),
    return_opens_at: opensAt.toISOString(),
    return_open: open,
  };
}

/**
 * The ranking (decision 217): pairs whose both GoWild fares are known first; then the lowest price (the total, or the
 * outbound's fare while the return's is not known); then the longest stay; then the earliest departure.
 */
export function comparePairs(a: TripPair, b: TripPair): number {
  return (
    Number(a.total_price === null) - Number(b.total_price === null) ||
    (a.total_price ?? a.outbound_price) - (b.total_price ?? b.outbound_price) ||
    b.stay_minutes - a.stay_minutes ||
    a.outbound.departure_time.localeCompare(b.outbound.departure_time) ||
    a.return.departure_time.localeCompare(b.return.departure_time)
  );
}

/** Every pair of the flights out and back by the stay rule. */
export function pairTrips(outs: readonly Flight[], backs: readonly Flight[], rule: StayRule, ctx: PairContext): TripPair[] {
  const backsByRoute = new Map<string, Flight[]>();
  for (const b of backs) {
    const key = `${b.origin}-${b.destination}`;
    const list = backsByRoute.get(key);
    if (list) list.push(b);
    else backsByRoute.set(key, [b]);
  }
  const pairs: TripPair[] = [];
  for (const out of outs) {
    for (const back of backsByRoute.get(`${out.destination}-${out.origin}`) ?? []) {
      const p = pairOf(out, back, rule, ctx);
      if (p) pairs.push(p);
    }
  }
  return pairs;
}

/** The pairs per destination, each destination's best first, destinations ranked by their best pair. */
export function rankDestinations(pairs: readonly TripPair[], limits = TRIP_FINDER_LIMITS): TripDestination[] {
  const byDestination = new Map<string, TripPair[]>();
  for (const p of pairs) {
    const list = byDestination.get(p.outbound.destination);
    if (list) list.push(p);
    else byDestination.set(p.outbound.destination, [p]);
  }
  return [...byDestination.entries()]
    .map(([destination, list]) => {
      const sorted = [...list].sort(comparePairs);
      const origins = [...new Set(sorted.map((p) => p.outbound.origin))];
      return { destination, origins, pairs: sorted.slice(0, limits.pairsPerDestination), pairs_found: sorted.length };
    })
    .sort((a, b) => comparePairs(a.pairs[0]!, b.pairs[0]!) || a.destination.localeCompare(b.destination))
    .slice(0, limits.maxDestinations);
}
