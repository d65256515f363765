import type { Fare, FareKey, Flight } from '@gowild/contract/flights';

/** Fare names as travellers know them (section 9: miles excluded). */
export const FARE_LABELS: Record<FareKey, string> = { go_wild: 'GoWild', standard: 'Standard', discount_den: 'Discount Den' };

/** A fare that can be bought: present with a positive total. */
export function isAvailable(fare: Fare | null | undefined): fare is Fare {
  return !!fare && fare.total > 0;
}

export function hasGoWild(flight: Pick<Flight, 'fares'>): boolean {
  return isAvailable(flight.fares.go_wild);
}

/** The cheapest fare on sale for a flight, or null when none is. */
export function lowestFare(flight: Pick<Flight, 'fares'>): number | null {
  let best: number | null = null;
  for (const fare of Object.values(flight.fares)) if (isAvailable(fare) && (best === null || fare.total < best)) best = fare.total;
  return best;
}

/** The dearest fare on sale for a flight (the price slider's top end), or 0. */
export function highestFare(flight: Pick<Flight, 'fares'>): number {
  let top = 0;
  for (const fare of Object.values(flight.fares)) if (isAvailable(fare) && fare.total > top) top = fare.total;
  return top;
}

/** Section 9: prices in whole US dollars. */
export function formatWholeDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/**
 * '6:15 AM' from an airport-local 'YYYY-MM-DDTHH:mm[:ss]'. The airline gives local wall-clock times without a
 * zone; they are shown as given, never shifted into the traveller's zone.
 */
export function formatLocalTime(local: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(local);
  if (!m) return local;
  const h = Number(m[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

/** The local calendar date part of an airport-local timestamp. */
export function localDatePart(local: string): string {
  return local.slice(0, 10);
}

/** Minutes after local midnight of an airport-local timestamp (departure-time filter). */
export function minutesOfDay(local: string): number {
  const m = /T(\d{2}):(\d{2})/.exec(local);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** '6h 16m', '45m', '2h'. */
export function formatDurationMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest}m`;
  return rest === 0 ? `${h}h` : `${h}h ${rest}m`;
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

/** Section 6: seat counts for premium users only, as '{n} seats left' or 'Seats available'. */
export function seatsLabel(fare: Fare, isPremium: boolean): string | null {
  if (!isPremium || !isAvailable(fare)) return null;
  if (typeof fare.available_seats === 'number' && fare.available_seats > 0)
    return `${fare.available_seats} seat${fare.available_seats === 1 ? '' : 's'} left`;
  return 'Seats available';
}

/** '0–30 min' labels for the departure-time window: '12:00 AM' … '11:30 PM', and 1440 as '11:59 PM'. */
export function formatMinutesOfDay(minutes: number): string {
  const m = Math.min(Math.max(0, minutes), 1440);
  if (m === 1440) return '11:59 PM';
  const h = Math.floor(m / 60);
  const mm = String(m % 60).padStart(2, '0');
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${mm} ${suffix}`;
}
