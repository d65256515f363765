import { type IsoDate, addDays, formatMediumDate } from '@gowild/contract/dates';
import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import type { GoWildGap } from '@gowild/contract/gowild-explain';
import { goWildFareLabel } from '@gowild/contract/gowild-fare';
import { formatWholeDollars } from '@gowild/contract/money';

/** How many days of returns the return screen shows side by side (docs/product/search.md#returns-side-by-side). */
export const RETURN_DAYS = 3;

/** The words of the days strip (docs/product/search.md#returns-side-by-side). */
export const RETURN_DAYS_TEXTS = {
  title: 'Returns over the next three days',
  bookable: 'GoWild bookable now',
  opensLater: (opensOn: IsoDate, airport: string) => `GoWild opens ${formatMediumDate(opensOn)}, midnight at ${airport}`,
  blackout: 'GoWild blacked out',
  none: 'No return flights',
  failed: 'Could not load',
  show: 'Show these returns',
  shown: 'Shown below',
} as const;

/** The return date and the days after it, as many as the strip shows. */
export function returnDays(first: IsoDate, count = RETURN_DAYS): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Whether GoWild for the way home on a day can be booked now, or opens later (and when), or is blacked out. */
export function windowLine(gap: GoWildGap | null, airport: string): { open: boolean; text: string } {
  if (!gap) return { open: true, text: RETURN_DAYS_TEXTS.bookable };
  if (gap.reason === 'blackout') return { open: false, text: RETURN_DAYS_TEXTS.blackout };
  return { open: false, text: RETURN_DAYS_TEXTS.opensLater(gap.opensOn, airport) };
}

/** '4 flights · GoWild from $16', '4 flights · GoWild Early Booking from $45', '2 flights · from $120' (whole dollars rounded up, docs/product/prices.md). */
export function dayFigures(flights: readonly Flight[]): string {
  if (flights.length === 0) return RETURN_DAYS_TEXTS.none;
  const count = `${flights.length} flight${flights.length === 1 ? '' : 's'}`;
  // The cheapest GoWild fare says its kind: before the window opens it is an Early Booking fare, with its charge.
  const goWild = flights
    .filter(hasGoWild)
    .map((f) => f.fares.go_wild!)
    .sort((a, b) => a.total - b.total)[0];
  if (goWild) return `${count} · ${goWildFareLabel(goWild.fare_type)} from ${formatWholeDollars(goWild.total)}`;
  const fares = flights.map(lowestFare).filter((p): p is number => p !== null);
  return fares.length ? `${count} · from ${formatWholeDollars(Math.min(...fares))}` : count;
}
