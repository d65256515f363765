import { type IsoDate, addDays } from './dates';
import { localDate, localToUtcMs } from './local-time';

/**
 * When GoWild seats for a date go on sale (docs/product/search.md#booking-windows; decision 062). The airline's
 * rule, as far as it is published: domestic seats open the day before departure, international ones 10 days before,
 * and the day is counted on US Eastern time, wherever the flight leaves from. US territories count as domestic.
 * The emulator uses this today; the alerts checker and the results' explanations are to use it too, so the rule
 * lives in one place.
 */
export const GOWILD_WINDOW_TIME_ZONE = 'America/New_York';

/** Days before departure a route's GoWild window opens. */
export const GOWILD_WINDOW_DAYS = { domestic: 1, international: 10 } as const;

export type GoWildRouteKind = keyof typeof GOWILD_WINDOW_DAYS;

/** Countries whose airports count as domestic for the window: the US and its territories. */
export const GOWILD_DOMESTIC_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** A route's window kind from its two airports' country codes. */
export function goWildRouteKind(originCountry: string, destinationCountry: string): GoWildRouteKind {
  return GOWILD_DOMESTIC_COUNTRIES.has(originCountry) && GOWILD_DOMESTIC_COUNTRIES.has(destinationCountry) ? 'domestic' : 'international';
}

/** The US Eastern calendar date on which GoWild seats for `travelDate` (the flight's local departure date) open. */
export function goWildOpensOn(kind: GoWildRouteKind, travelDate: IsoDate): IsoDate {
  return addDays(travelDate, -GOWILD_WINDOW_DAYS[kind]);
}

/** The instant the window opens: midnight US Eastern at the start of `goWildOpensOn`. */
export function goWildOpensAt(kind: GoWildRouteKind, travelDate: IsoDate): Date {
  return new Date(localToUtcMs(`${goWildOpensOn(kind, travelDate)}T00:00:00`, GOWILD_WINDOW_TIME_ZONE));
}

/**
 * Whether, at `now`, the GoWild window for a flight on `travelDate` has opened. Only the window: blackout dates and
 * a flight's own sales close (it has left, or leaves within the hour) are separate rules.
 */
export function isGoWildWindowOpen(now: Date, kind: GoWildRouteKind, travelDate: IsoDate): boolean {
  return localDate(now, GOWILD_WINDOW_TIME_ZONE) >= goWildOpensOn(kind, travelDate);
}
