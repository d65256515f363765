import { computeFlightHash } from '@gowild/contract/flight-hash';
import type { Fare, FareKey, Flight, GoWildFare, Segment } from '@gowild/contract/flights';
import { classifyGoWildFare } from '@gowild/contract/gowild-fare';
import { goWildRouteKind } from '@gowild/contract/gowild-window';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { FrontierFlight, FrontierLeg } from './frontier.schemas';
import { type FrontierDateFormat, internalSelectPath } from './frontier-request';

const FARE_HINTS: Record<FareKey, string> = { go_wild: 'GoWild', standard: 'Standard', discount_den: 'DiscountDen' };

/** Booking deep link: InternalSelect for the route and date, with a `fare` hint naming the fare the traveller chose. */
function bookingLink(
  baseUrl: string,
  q: { origin: string; destination: string; date: string },
  format: FrontierDateFormat,
  fare: FareKey,
): string {
  return `${baseUrl.replace(/\/+$/, '')}${internalSelectPath(q, format)}&fare=${FARE_HINTS[fare]}`;
}

/** "2 Seats Left!" → 2, 5 → 5; null when the airline gives no count. */
export function parseSeats(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value === 'string') {
    const m = /(\d+)/.exec(value);
    return m ? Number(m[1]) : null;
  }
  return null;
}

/**
 * The airline's duration texts in minutes: "6 hrs 16 min", "1 hr", "45 min", past a day "1 day(s) 1 hrs 28 min",
 * and the clock form of legs and layovers, "05:37:00" (or "1.01:28:00"); null when unreadable.
 */
export function parseDurationText(text: string | null | undefined): number | null {
  if (!text) return null;
  const clock = /^\s*(?:(\d+)\.)?(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 1440 + Number(clock[2]) * 60 + Number(clock[3]);
  const d = /(\d+)\s*day/i.exec(text);
  const h = /(\d+)\s*h/i.exec(text);
  const m = /(\d+)\s*m/i.exec(text);
  if (!d && !h && !m) return null;
  return Number(d?.[1] ?? 0) * 1440 + Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0);
}

/** 'd.hh:mm' when a day or more, else 'hh:mm' (docs/product/search.md#flights). */
export function formatTripTime(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const days = Math.floor(m / 1440);
  const two = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${two(Math.floor((m % 1440) / 60))}:${two(m % 60)}`;
  return days > 0 ? `${days}.${hhmm}` : hhmm;
}

function seconds(local: string): string {
  return local.length === 16 ? `${local}:00` : local.slice(0, 19);
}

function legFlightNumber(leg: FrontierLeg): string {
  return `${leg.carrierCode ?? 'F9'} ${leg.flightNumber}`;
}

export interface MapContext {
  /** The query's date, for the booking links. */
  date: string;
  bookingBaseUrl: string;
  dateFormat: FrontierDateFormat;
  /** IANA zone of an airport, from the reference data. */
  timeZoneOf(code: string): string | undefined;
  /**
   * What tells a GoWild fare's kind (decision 176): the page does not say, so it follows from the window and the
   * blackout list at the moment the page was read. Without it (tests of the page alone) the kind is left out.
   */
  goWildKind?: {
    now: Date;
    countryOf(code: string): string | undefined;
    isBlackout(date: string): boolean;
  };
}

/** Epoch ms of a UTC time the page gives ("2025-07-15T10:59:00Z"), or NaN when absent or not a UTC time. */
function utcMs(text: string | null | undefined): number {
  return text && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]00:?00)$/.test(text) ? Date.parse(text) : Number.NaN;
}

/**
 * Minutes from first departure to last arrival (decision 241): from the legs' UTC times when the page gives them (the
 * real page does); else from the airport-local times and each airport's zone; else from the airline's own duration
 * text ("1 day(s) 1 hrs 28 min"), and last from the local times as if they shared a zone.
 */
function durationMinutes(raw: FrontierFlight, first: FrontierLeg, last: FrontierLeg, ctx: MapContext): number {
  const [from, to] = [utcMs(first.departureDateUtc), utcMs(last.arrivalDateUtc)];
  if (to >= from) return Math.round((to - from) / 60_000);
  const fromZone = ctx.timeZoneOf(first.departureStation);
  const toZone = ctx.timeZoneOf(last.arrivalStation);
  if (fromZone && toZone) {
    return Math.round((localToUtcMs(last.arrivalDate, toZone) - localToUtcMs(first.departureDate, fromZone)) / 60_000);
  }
  return (
    parseDurationText(raw.duration) ?? Math.round((Date.parse(`${last.arrivalDate}Z`) - Date.parse(`${first.departureDate}Z`)) / 60_000)
  );
}

function fare(total: number | null | undefined, seatsText: number | string | null | undefined): Fare | null {
  if (typeof total !== 'number' || !(total > 0)) return null;
  return { total, available_seats: parseSeats(seatsText) };
}

function goWildFare(raw: FrontierFlight, segments: readonly Segment[], ctx: MapContext): GoWildFare | null {
  const base = raw.isGoWildFareEnabled === true ? fare(raw.goWildFare, raw.goWildFareSeatsRemaining) : null;
  const k = ctx.goWildKind;
  if (!base || !k) return base;
  const first = segments[0] as Segment;
  const last = segments[segments.length - 1] as Segment;
  const fareType = classifyGoWildFare({
    now: k.now,
    kind: goWildRouteKind(k.countryOf(first.departure_airport), k.countryOf(last.arrival_airport)),
    segments: segments.map((s) => ({ departure_time: s.departure_time, timeZone: ctx.timeZoneOf(s.departure_airport) })),
    isBlackout: k.isBlackout,
  });
  return { ...base, fare_type: fareType };
}

/** One airline itinerary → our Flight (docs/product/search.md#flights). GoWild counts only when enabled and priced above zero. */
export function mapFrontierFlight(raw: FrontierFlight, ctx: MapContext): Flight {
  const legs = raw.legs;
  const first = legs[0] as FrontierLeg;
  const last = legs[legs.length - 1] as FrontierLeg;
  const origin = first.departureStation;
  const destination = last.arrivalStation;
  const duration = durationMinutes(raw, first, last, ctx);
  const segments: Segment[] = legs.map((l) => ({
    departure_airport: l.departureStation,
    arrival_airport: l.arrivalStation,
    departure_time: seconds(l.departureDate),
    arrival_time: seconds(l.arrivalDate),
    flight_number: legFlightNumber(l),
  }));
  const fares = {
    go_wild: goWildFare(raw, segments, ctx),
    standard: fare(raw.standardFare, raw.standardFareSeatsRemaining),
    discount_den: fare(raw.discountDenFare, raw.discountDenFareSeatsRemaining),
  };
  const q = { origin, destination, date: ctx.date };
  const link = (key: FareKey) => (fares[key] ? bookingLink(ctx.bookingBaseUrl, q, ctx.dateFormat, key) : null);
  const totals = [fares.go_wild, fares.standard, fares.discount_den].filter((f): f is Fare => f !== null).map((f) => f.total);
  const flight = {
    origin,
    destination,
    departure_time: seconds(first.departureDate),
    arrival_time: seconds(last.arrivalDate),
    total_trip_time: formatTripTime(duration),
    duration,
    stops: raw.stopCount ?? legs.length - 1,
    flight_number: legs.map(legFlightNumber).join(' / '),
    segments,
    fares,
    booking_links: { go_wild: link('go_wild'), standard: link('standard'), discount_den: link('discount_den') },
    lowest_go_wild_price: fares.go_wild?.total ?? null,
    lowest_price: totals.length > 0 ? Math.min(...totals) : null,
  };
  return { ...flight, flightHash: computeFlightHash(flight) };
}
