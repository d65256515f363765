import { type IsoDate, formatLongDate, formatMediumDate } from './dates';
import { type GoWildRouteKind, goWildOpensOn, goWildRouteKind, isGoWildRouteOpen } from './gowild-window';

/**
 * Why a date shows no GoWild fares, in words a pass holder can act on (docs/product/search.md#why-no-gowild;
 * decision 096). The charges are the pass year's figures from the server's configuration (GET /api/config):
 * they change every pass year, so no figure is written here.
 */
export interface PassCharges {
  /** From this many dollars the airline sells booking GoWild before the window opens; null when it sells none. */
  earlyBookingChargeFrom: number | null;
  /** From this many dollars per flight the airline unlocks a blackout date; null when it sells none. */
  peakDayChargeFrom: number | null;
}

/** Domestic when both ends are in the US or its territories (the window's own rule: contract/src/gowild-window.ts). */
export function routeKind(originCountry: string | undefined, destinationCountry: string | undefined): GoWildRouteKind {
  return goWildRouteKind(originCountry, destinationCountry);
}

export type GoWildGap =
  { reason: 'blackout'; date: IsoDate } | { reason: 'not_open'; date: IsoDate; kind: GoWildRouteKind; opensOn: IsoDate };

/**
 * Whether standard GoWild seats for `date` cannot be on sale at `now`, and why: a blackout date first (the window does
 * not matter then), else a window that has not opened yet at the origin airport (decision 175: midnight there, the
 * first any trip on the route can open). Null when neither holds: seats may be on sale (or sold out).
 */
export function goWildGap(input: {
  now: Date;
  date: IsoDate;
  kind: GoWildRouteKind;
  blackoutDates: readonly string[];
  /** The origin airport's IANA zone; US Eastern when unknown. */
  originTimeZone?: string | null;
}): GoWildGap | null {
  if (input.blackoutDates.includes(input.date)) return { reason: 'blackout', date: input.date };
  if (!isGoWildRouteOpen(input.now, input.kind, input.date, input.originTimeZone))
    return { reason: 'not_open', date: input.date, kind: input.kind, opensOn: goWildOpensOn(input.kind, input.date) };
  return null;
}

export const GOWILD_GAP_TEXTS = {
  blackoutTitle: 'GoWild blacked out on this date',
  notOpenTitle: (opensOn: IsoDate) => `GoWild opens on ${formatMediumDate(opensOn)} for this route`,
  blackoutDetail: (date: IsoDate) => `The pass is not valid on ${formatLongDate(date)}; Standard and Discount Den fares are shown.`,
  notOpenDetail: (kind: GoWildRouteKind) =>
    kind === 'domestic'
      ? 'Domestic GoWild seats go on sale at midnight the day before each flight leaves, at its departure airport (a connection opens when its last flight does); until then Standard and Discount Den fares are shown.'
      : 'International GoWild seats go on sale at midnight 10 days before each flight leaves, at its departure airport; until then Standard and Discount Den fares are shown.',
  peakDayCharge: (from: number) =>
    `Frontier sells a Peak Day Charge (from $${from} per flight) that lets pass holders fly on blackout dates.`,
  earlyBookingCharge: (from: number) => `Frontier sells an Early Booking Charge (from $${from}) to book GoWild before the window opens.`,
  alertButton: 'Alert me when it opens',
  alertButtonBlackout: 'Set a price alert',
  /** The results' header line when the whole search date is blacked out. */
  resultsBlackout: (date: IsoDate) => `GoWild is blacked out on ${formatLongDate(date)}: only Standard and Discount Den fares are on sale.`,
  /**
   * The same, when some destinations shown have a GoWild fare all the same: the airline sells those with a Peak Day
   * Charge on blackout dates, so "only Standard and Discount Den" would be untrue beside them.
   */
  resultsBlackoutWithPeakDay: (date: IsoDate) =>
    `GoWild is blacked out on ${formatLongDate(date)}: the GoWild fares shown include a Peak Day Charge, and the other destinations have only Standard and Discount Den fares.`,
  /** The results' header line for the routes whose window has not opened. */
  resultsNotOpen: (kind: GoWildRouteKind, opensOn: IsoDate) =>
    `GoWild opens on ${formatMediumDate(opensOn)} for ${kind} routes on this date.`,
} as const;

/** The title of a gap: 'GoWild blacked out on this date' or 'GoWild opens on Tue, Dec 1 for this route'. */
export function goWildGapTitle(gap: GoWildGap): string {
  return gap.reason === 'blackout' ? GOWILD_GAP_TEXTS.blackoutTitle : GOWILD_GAP_TEXTS.notOpenTitle(gap.opensOn);
}

/** The sentences under the title: what is shown instead, and the charge the airline sells for it when it sells one. */
export function goWildGapDetail(gap: GoWildGap, charges: PassCharges | null): string {
  if (gap.reason === 'blackout') {
    const charge = charges?.peakDayChargeFrom ?? null;
    return [GOWILD_GAP_TEXTS.blackoutDetail(gap.date), charge !== null ? GOWILD_GAP_TEXTS.peakDayCharge(charge) : null]
      .filter(Boolean)
      .join(' ');
  }
  const charge = charges?.earlyBookingChargeFrom ?? null;
  return [GOWILD_GAP_TEXTS.notOpenDetail(gap.kind), charge !== null ? GOWILD_GAP_TEXTS.earlyBookingCharge(charge) : null]
    .filter(Boolean)
    .join(' ');
}
