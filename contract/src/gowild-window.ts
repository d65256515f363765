import { type IsoDate, addDays } from './dates';
import { localToUtcMs } from './local-time';

/**
 * When GoWild seats go on sale (docs/product/search.md#booking-windows; decision 175, which replaces 062). The
 * window is counted per flight segment, on the clock of that segment's departure airport: a domestic segment opens
 * at 00:00 local on the day before it departs, an international one 10 days before. A trip of several segments is
 * bookable once every segment's window has opened, which is the latest of them (the last segment's in a westbound
 * connection: Orlando → Denver → Las Vegas opens at midnight in Denver). US territories count as domestic.
 * The emulator, the explanations, the alerts, hub trips and the calendar reminder all read this one rule.
 */

/** Days before departure a segment's GoWild window opens. */
export const GOWILD_WINDOW_DAYS = { domestic: 1, international: 10 } as const;

export type GoWildRouteKind = keyof typeof GOWILD_WINDOW_DAYS;

/**
 * The clock used when a departure airport's time zone is unknown (an airport missing from the reference data): US
 * Eastern, the clock the other community source names (decision 175).
 */
export const GOWILD_FALLBACK_TIME_ZONE = 'America/New_York';

/** Countries whose airports count as domestic for the window: the US and its territories. */
export const GOWILD_DOMESTIC_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * A trip's window kind from its two ends' country codes: international when either end is outside the US and its
 * territories. Every segment of the trip then uses that kind (a domestic feeder to an international flight opens
 * with it, 10 days ahead).
 */
export function goWildRouteKind(originCountry: string | undefined, destinationCountry: string | undefined): GoWildRouteKind {
  return GOWILD_DOMESTIC_COUNTRIES.has(originCountry ?? '') && GOWILD_DOMESTIC_COUNTRIES.has(destinationCountry ?? '')
    ? 'domestic'
    : 'international';
}

/** The calendar date, at the departure airport, on which GoWild seats for a segment leaving on `departureDate` open. */
export function goWildOpensOn(kind: GoWildRouteKind, departureDate: IsoDate): IsoDate {
  return addDays(departureDate, -GOWILD_WINDOW_DAYS[kind]);
}

/** The instant one segment's window opens: 00:00 at its departure airport on `goWildOpensOn`. */
export function goWildSegmentOpensAt(kind: GoWildRouteKind, departureDate: IsoDate, timeZone: string | null | undefined): Date {
  return new Date(localToUtcMs(`${goWildOpensOn(kind, departureDate)}T00:00:00`, timeZone || GOWILD_FALLBACK_TIME_ZONE));
}

/** A segment as the window reads it: its airport-local departure (YYYY-MM-DDTHH:mm:ss) and that airport's zone. */
export interface WindowSegment {
  departure_time: string;
  timeZone: string | null | undefined;
}

/** When a trip's window opens, and at which segment (the one whose window opens last). */
export interface TripOpening {
  at: Date;
  /** Index of the segment that decides it. */
  segment: number;
  /** That segment's departure-airport date on which it opens, and the zone it is counted in. */
  opensOn: IsoDate;
  timeZone: string;
}

/** The opening of a trip: the latest of its segments' openings. Throws on an empty trip. */
export function goWildTripOpening(kind: GoWildRouteKind, segments: readonly WindowSegment[]): TripOpening {
  let best: TripOpening | undefined;
  segments.forEach((s, i) => {
    const date = s.departure_time.slice(0, 10);
    const at = goWildSegmentOpensAt(kind, date, s.timeZone);
    if (!best || at.getTime() > best.at.getTime())
      best = { at, segment: i, opensOn: goWildOpensOn(kind, date), timeZone: s.timeZone || GOWILD_FALLBACK_TIME_ZONE };
  });
  if (!best) throw new RangeError('a trip has at least one segment');
  return best;
}

/**
 * Whether, at `now`, the GoWild window of a trip has opened: every segment's, each on its departure airport's clock.
 * Only the window: blackout dates and a flight's own sales close (decision 151) are separate rules.
 */
export function isGoWildTripOpen(now: Date, kind: GoWildRouteKind, segments: readonly WindowSegment[]): boolean {
  return now.getTime() >= goWildTripOpening(kind, segments).at.getTime();
}

/**
 * Whether a route's window can be open at `now` for a date: the first segment's, at the origin airport. Used where no
 * flight is known yet (an alert before its search, the date selector, an explanation); a connection may still open
 * later, at its hub, and the flights' own openings decide then.
 */
export function isGoWildRouteOpen(
  now: Date,
  kind: GoWildRouteKind,
  travelDate: IsoDate,
  originTimeZone: string | null | undefined,
): boolean {
  return now.getTime() >= goWildSegmentOpensAt(kind, travelDate, originTimeZone).getTime();
}
