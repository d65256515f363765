import { daysBetween } from './dates';
import { FARE_KEYS, type Fare, type FareKey, type Flight } from './flights';
import { goWildFareLabel } from './gowild-fare';

/**
 * How a flight reads to a traveller: its price, fares, durations, airport-local times and next-day arrivals.
 * Used by the search results, the return flights and the trip summary, so they never disagree. Airport-local
 * times ('YYYY-MM-DDTHH:mm[:ss]', no zone) are shown as the airline gives them, never shifted into another zone.
 */

/** Fare names as travellers know them (docs/product/search.md#fare-types: miles excluded). */
export const FARE_LABELS: Record<FareKey, string> = { go_wild: 'GoWild', standard: 'Standard', discount_den: 'Discount Den' };

// ---- Fares and prices ----

/** A fare that can be bought: present with a positive total. */
export function isAvailable(fare: Fare | null | undefined): fare is Fare {
  return !!fare && fare.total > 0;
}

export function hasGoWild(flight: Pick<Flight, 'fares'>): boolean {
  return isAvailable(flight.fares.go_wild);
}

/** docs/product/search.md#fare-types: the fare a flight is priced at, the first available of go_wild, standard, discount_den; or null. */
export function flightPriceFare(flight: Pick<Flight, 'fares'>): FareKey | null {
  return FARE_KEYS.find((k) => isAvailable(flight.fares[k])) ?? null;
}

/** docs/product/search.md#fare-types: a flight's price is the first available of go_wild, standard, discount_den, else 0. */
export function flightPrice(flight: Pick<Flight, 'fares'>): number {
  const key = flightPriceFare(flight);
  return key ? flight.fares[key]!.total : 0;
}

/**
 * The name of the fare a flight is priced at, as the trip summary writes it ('GoWild', 'GoWild Early Booking',
 * 'Standard', 'Discount Den'), or null when no fare is on sale (docs/product/prices.md).
 */
export function flightPriceName(flight: Pick<Flight, 'fares'>): string | null {
  const key = flightPriceFare(flight);
  if (!key) return null;
  return key === 'go_wild' ? goWildFareLabel(flight.fares.go_wild?.fare_type) : FARE_LABELS[key];
}

/** Sum of two flights' prices, in cents to avoid float drift, back in dollars. */
export function totalPrice(outbound: Pick<Flight, 'fares'>, inbound: Pick<Flight, 'fares'>): number {
  return (Math.round(flightPrice(outbound) * 100) + Math.round(flightPrice(inbound) * 100)) / 100;
}

/**
 * The cheapest fare on sale, or null when none is. Not the flight's price: filters and ordering compare the
 * cheapest way to fly (decision 042), the summary quotes the fare by the order of docs/product/search.md#fare-types.
 */
export function lowestFare(flight: Pick<Flight, 'fares'>): number | null {
  let best: number | null = null;
  for (const fare of Object.values(flight.fares)) if (isAvailable(fare) && (best === null || fare.total < best)) best = fare.total;
  return best;
}

/** The dearest fare on sale (the price slider's top end), or 0. */
export function highestFare(flight: Pick<Flight, 'fares'>): number {
  let top = 0;
  for (const fare of Object.values(flight.fares)) if (isAvailable(fare) && fare.total > top) top = fare.total;
  return top;
}

/** The airline link for the fare the flight is priced at (else any link there is). */
export function bookingLinkFor(flight: Pick<Flight, 'fares' | 'booking_links'>): string | null {
  const key = flightPriceFare(flight);
  const priced = key ? flight.booking_links[key] : null;
  return priced ?? FARE_KEYS.map((k) => flight.booking_links[k]).find(Boolean) ?? null;
}

/** docs/product/search.md#seat-counts: seat counts for premium users only, as '{n} seats left' or 'Seats available'. */
export function seatsLabel(fare: Fare, isPremium: boolean): string | null {
  if (!isPremium || !isAvailable(fare)) return null;
  if (typeof fare.available_seats === 'number' && fare.available_seats > 0)
    return `${fare.available_seats} seat${fare.available_seats === 1 ? '' : 's'} left`;
  return 'Seats available';
}

// ---- Durations and stops ----

/** Flight time from the minutes the server gives: '6h 16m', '45m', '2h'. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest}m`;
  return rest === 0 ? `${h}h` : `${h}h ${rest}m`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * docs/product/search.md#summary-figures: a trip duration as 'Xd Yh', 'Xd', 'Yh', '< 1h', or '0d' when negative.
 * Whole hours are floored: 2d 5h 50m reads '2d 5h'.
 */
export function formatTripDuration(ms: number): string {
  if (ms < 0) return '0d';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  if (days > 0 && hours > 0) return `${days}d ${hours}h`;
  if (days > 0) return `${days}d`;
  if (hours > 0) return `${hours}h`;
  return '< 1h';
}

/** Whole calendar days between landing and flying back, both local to the destination (never negative). */
export function daysAtDestination(outboundArrival: string, returnDeparture: string): number {
  return Math.max(0, daysBetween(localDatePart(outboundArrival), localDatePart(returnDeparture)));
}

/** The summary's stay: 'Nd', or '< 1d' when leaving the day of arrival. */
export function formatStay(days: number): string {
  return days >= 1 ? `${days}d` : '< 1d';
}

/** The search's stay badge: 'Same day', '1 day at destination', 'N days at destination'. */
export function daysAtDestinationLabel(days: number): string {
  if (days <= 0) return 'Same day';
  return `${days} day${days === 1 ? '' : 's'} at destination`;
}

/** 'Nonstop', '1 stop', '2 stops'. */
export function formatStops(stops: number): string {
  if (stops <= 0) return 'Nonstop';
  return `${stops} stop${stops === 1 ? '' : 's'}`;
}

/** The airports a flight stops at, from its segments. */
export function stopAirports(flight: Pick<Flight, 'segments'>): string[] {
  return flight.segments.slice(0, -1).map((s) => s.arrival_airport);
}

// ---- Airport-local times ----

function clock12(hours: number, minutes: string): string {
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours >= 12 ? 'PM' : 'AM'}`;
}

/** '6:15 AM' from an airport-local timestamp, shown as the airline gives it. */
export function formatLocalTime(local: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(local);
  return m ? clock12(Number(m[1]), m[2]!) : local;
}

/** The departure-time window's labels: '12:00 AM' … '11:30 PM', and 1440 (end of day) as '11:59 PM'. */
export function formatMinutesOfDay(minutes: number): string {
  const m = Math.min(Math.max(0, minutes), 1440);
  if (m === 1440) return '11:59 PM';
  return clock12(Math.floor(m / 60), String(m % 60).padStart(2, '0'));
}

/** Minutes after local midnight of an airport-local timestamp (departure-time filter). */
export function minutesOfDay(local: string): number {
  const m = /T(\d{2}):(\d{2})/.exec(local);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** The local calendar date (YYYY-MM-DD) of an airport-local timestamp. */
export function localDatePart(local: string): string {
  return local.slice(0, 10);
}

/** Calendar days from a flight's local departure date to its local arrival date: 1 for a red-eye. */
export function arrivalDayOffset(flight: Pick<Flight, 'departure_time' | 'arrival_time'>): number {
  return daysBetween(localDatePart(flight.departure_time), localDatePart(flight.arrival_time));
}

/** True when the flight lands on a later local day than it leaves (the '+1' beside the arrival time). */
export function arrivesNextDay(flight: Pick<Flight, 'departure_time' | 'arrival_time'>): boolean {
  return arrivalDayOffset(flight) > 0;
}

/**
 * docs/product/search.md#summary-figures: the car pick-up time handed to the rental panel is rounded up to the next
 * full hour unless it is already on the hour: '2026-04-02T14:05:00' → '2026-04-02T15:00:00'; 23:30 rolls over to the
 * next day.
 */
export function roundUpToHour(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return local;
  const [, date, hh, mm, ss] = m;
  if (Number(mm) === 0 && Number(ss ?? 0) === 0) return `${date}T${hh}:00:00`;
  const d = new Date(`${date}T${hh}:00:00Z`);
  d.setUTCHours(d.getUTCHours() + 1);
  return d.toISOString().slice(0, 19);
}
