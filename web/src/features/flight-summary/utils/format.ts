import { localToUtcMs } from '@gowild/contract/local-time';
import type { FareKey, Flight } from '@gowild/contract/flights';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Section 9 'Summary formatting': a trip duration as 'Xd Yh', 'Xd', 'Yh', '< 1h', or '0d' when negative.
 * Whole hours are floored: 2d 5h 50m reads '2d 5h'.
 */
export function formatTripDuration(ms: number): string {
  if (ms < 0) return '0d';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  if (days > 0 && hours > 0) return `${days}d ${hours}h`;
  if (days > 0) return `${days}d`;
  if (hours > 0) return `${hours}h`;
  return '< 1h';
}

/** Stay at destination in whole calendar days: 'Nd', or '< 1d' when leaving the day of arrival. */
export function formatStay(days: number): string {
  return days >= 1 ? `${days}d` : '< 1d';
}

/** Calendar days between two local timestamps' dates (b − a). */
export function calendarDaysBetween(aLocal: string, bLocal: string): number {
  const a = Date.parse(`${aLocal.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${bLocal.slice(0, 10)}T00:00:00Z`);
  return Math.round((b - a) / DAY);
}

const PRICE_ORDER = ['go_wild', 'standard', 'discount_den'] as const satisfies readonly FareKey[];
const FARE_NAMES: Record<FareKey, string> = { go_wild: 'GoWild', standard: 'Standard', discount_den: 'Discount Den' };

/** Section 9: the fare a flight is priced at, the first available of go_wild, standard, discount_den; or null. */
export function flightPriceFare(flight: Pick<Flight, 'fares'>): FareKey | null {
  return PRICE_ORDER.find((k) => (flight.fares[k]?.total ?? 0) > 0) ?? null;
}

/** Section 9: a flight's price is the first available of go_wild, standard, discount_den, else 0. */
export function flightPrice(flight: Pick<Flight, 'fares'>): number {
  const key = flightPriceFare(flight);
  return key ? flight.fares[key]!.total : 0;
}

/** Which fare flightPrice used, for the label beside it. */
export function flightPriceLabel(flight: Pick<Flight, 'fares'>): string | null {
  const key = flightPriceFare(flight);
  return key ? FARE_NAMES[key] : null;
}

/** The airline link for the fare the summary prices the flight at (else any link there is). */
export function bookingLinkFor(flight: Pick<Flight, 'fares' | 'booking_links'>): string | null {
  const key = flightPriceFare(flight);
  const priced = key ? flight.booking_links[key] : null;
  return priced ?? PRICE_ORDER.map((k) => flight.booking_links[k]).find(Boolean) ?? null;
}

/** Dollars to 2 decimals: '$42.50'. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Sum of the two flights' prices, in cents to avoid float drift, back in dollars. */
export function totalPrice(outbound: Pick<Flight, 'fares'>, inbound: Pick<Flight, 'fares'>): number {
  return (Math.round(flightPrice(outbound) * 100) + Math.round(flightPrice(inbound) * 100)) / 100;
}

/**
 * The instant of an airport-local wall-clock time ('2026-04-02T06:15:00') in an IANA zone. Without a zone the
 * time is read as UTC, which is exact when both ends of a difference share a zone.
 */
export function localToEpochMs(local: string, timeZone: string | null | undefined): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return Number.NaN;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (!timeZone) return wall;
  try {
    return localToUtcMs(local, timeZone);
  } catch {
    return wall;
  }
}

/** '6:15 AM' from a local timestamp, shown as the airline gives it. */
export function formatClock(local: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(local);
  if (!m) return local;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** 'Thu, Apr 2, 2026' from a local timestamp's date. */
export function formatLegDate(local: string): string {
  const d = new Date(`${local.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return local;
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** 'Nonstop' or 'N stop(s)' (section 2.8). */
export function formatLegStops(stops: number): string {
  return stops <= 0 ? 'Nonstop' : `${stops} stop${stops === 1 ? '' : 's'}`;
}

/** Flight time from the minutes the server gives: '6h 16m'. */
export function formatFlightTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/**
 * Section 9: the arrival time handed to the destination panels is rounded up to the next full hour unless it is
 * already on the hour: '2026-04-02T14:05:00' → '2026-04-02T15:00:00'; 23:30 rolls over to the next day.
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
