import { computeFlightHash } from '@gowild/contract/flight-hash';
import type { Fare, FareKey, Flight, Segment } from '@gowild/contract/flights';
import { localToUtcMs } from '@gowild/contract/local-time';
import type { FrontierFlight, FrontierLeg } from './frontier.schemas';

export type FrontierDateFormat = 'MMM DD, YYYY' | 'YYYY-MM-DD' | 'MM-DD-YYYY';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `dd1` value the airline expects, from YYYY-MM-DD. */
export function formatFrontierDate(isoDate: string, format: FrontierDateFormat): string {
  const [y, m, d] = isoDate.split('-');
  if (format === 'YYYY-MM-DD') return isoDate;
  if (format === 'MM-DD-YYYY') return `${m}-${d}-${y}`;
  return `${MONTHS[Number(m) - 1]} ${d}, ${y}`;
}

/** Reads any of the three `dd1` formats back to YYYY-MM-DD; undefined when it is none of them. */
export function parseFrontierDate(value: string): string | undefined {
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  m = /^([A-Za-z]{3}) (\d{1,2}), (\d{4})$/.exec(v);
  if (m) {
    const month = MONTHS.findIndex((x) => x.toLowerCase() === (m?.[1] ?? '').toLowerCase());
    if (month >= 0) return `${m[3]}-${String(month + 1).padStart(2, '0')}-${(m[2] ?? '').padStart(2, '0')}`;
  }
  return undefined;
}

const FARE_HINTS: Record<FareKey, string> = { go_wild: 'GoWild', standard: 'Standard', discount_den: 'DiscountDen' };

function internalSelectPath(q: { origin: string; destination: string; date: string }, format: FrontierDateFormat): string {
  const e = encodeURIComponent;
  return `/Flight/InternalSelect?o1=${e(q.origin)}&d1=${e(q.destination)}&dd1=${e(formatFrontierDate(q.date, format))}&ADT=1&mon=true&promo=`;
}

/** The airline's own search entry point for a route and date: what a person opens to book. */
export function internalSelectUrl(
  baseUrl: string,
  q: { origin: string; destination: string; date: string },
  format: FrontierDateFormat,
): URL {
  return new URL(internalSelectPath(q, format), baseUrl);
}

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

/** "6 hrs 16 min" / "1 hr" / "45 min" → minutes; null when unreadable. */
function parseDurationText(text: string | null | undefined): number | null {
  if (!text) return null;
  const h = /(\d+)\s*h/i.exec(text);
  const m = /(\d+)\s*m/i.exec(text);
  if (!h && !m) return null;
  return Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0);
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
}

/**
 * Minutes from first departure to last arrival. Both are airport-local, so each is turned into an instant with its
 * airport's zone; when a zone is unknown the airline's own duration text is used instead.
 */
function durationMinutes(raw: FrontierFlight, first: FrontierLeg, last: FrontierLeg, ctx: MapContext): number {
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
    go_wild: raw.isGoWildFareEnabled === true ? fare(raw.goWildFare, raw.goWildFareSeatsRemaining) : null,
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
