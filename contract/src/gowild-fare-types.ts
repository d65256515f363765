/**
 * The three kinds of GoWild fare (docs/product/search.md#gowild-fare-types; decision 176): the usual fare inside the
 * booking window, an Early Booking fare sold before the window opens with a charge on top, and a Peak Day fare on a
 * blackout date with a charge. The airline's page does not say which one a fare is: the kind follows from the window
 * and the blackout list at the moment the page was read.
 */
export const GOWILD_FARE_TYPES = ['standard', 'early_booking', 'peak_day'] as const;
export type GoWildFareType = (typeof GOWILD_FARE_TYPES)[number];

/** What a pass holder reads for each kind. */
export const GOWILD_FARE_TYPE_LABELS: Record<GoWildFareType, string> = {
  standard: 'GoWild',
  early_booking: 'GoWild Early Booking',
  peak_day: 'GoWild Peak Day',
};

/** The label of a GoWild fare: its kind's, or plain 'GoWild' for a fare kept from before kinds were read. */
export function goWildFareLabel(fareType: GoWildFareType | undefined): string {
  return GOWILD_FARE_TYPE_LABELS[fareType ?? 'standard'];
}
