import type { GoWildFareType } from './gowild-fare-types';
import { type GoWildRouteKind, type WindowSegment, isGoWildTripOpen } from './gowild-window';

// The kinds and their labels live in a module of their own, which imports nothing: the web's inline boot script
// draws fare chips with them, and must not pull in the schemas (zod) that the rest of this module's imports bring.
export { GOWILD_FARE_TYPES, GOWILD_FARE_TYPE_LABELS, type GoWildFareType, goWildFareLabel } from './gowild-fare-types';

/** One sentence saying what the kind means, under its label. */
export const GOWILD_FARE_TYPE_NOTES: Record<GoWildFareType, string> = {
  standard: 'The pass fare inside the booking window: $0.01 plus taxes and fees.',
  early_booking: 'Sold before the booking window opens: the price includes an Early Booking Charge.',
  peak_day: 'A blackout date: the price includes a Peak Day Charge per flight.',
};

/**
 * The kind of a GoWild fare offered at `now`: Peak Day when any segment leaves on a blackout date (the charge stays
 * once the window opens), else Early Booking while the trip's window has not opened, else the standard fare.
 */
export function classifyGoWildFare(input: {
  now: Date;
  kind: GoWildRouteKind;
  segments: readonly WindowSegment[];
  isBlackout: (date: string) => boolean;
}): GoWildFareType {
  if (input.segments.some((s) => input.isBlackout(s.departure_time.slice(0, 10)))) return 'peak_day';
  return isGoWildTripOpen(input.now, input.kind, input.segments) ? 'standard' : 'early_booking';
}

/**
 * The figures a GoWild price is made of, one traveller, one direction, domestic (late 2025). Each figure carries
 * where it comes from. The airline's total always wins; these only split it into parts and say what a charge was.
 */
export const GOWILD_PRICE_FIGURES = {
  /** The pass fare itself. Source: the GoWild pass terms as quoted on booking receipts collected by community guides (late 2025). */
  fareUsd: 0.01,
  /** U.S. federal segment tax, per segment flown. Source: receipts of late 2025 ($5.30 each), as collected by community guides. */
  segmentTaxUsd: 5.3,
  /** September 11th security fee, once per one-way trip, again after a connection over 4 hours. Source: the same receipts ($5.60). */
  securityFeeUsd: 5.6,
  /** Passenger facility charge, per airport boarded. Source: the same receipts ($4.50). */
  facilityChargeUsd: 4.5,
  /** A connection longer than this counts as a new trip for the security fee. Source: the same receipts ($25.21 under 4 h, $30.81 over). */
  longConnectionMinutes: 240,
  /** Early Booking Charge range. Source: community reports of the 2025-2026 promotions ($29 to $89, up to $99 on peak dates). */
  earlyBookingChargeUsd: { from: 29, to: 99 },
  /** Peak Day Charge range, per flight (receipt line GWEF). Source: community reports of the 2025-2026 pass year ($79 to $159). */
  peakDayChargeUsd: { from: 79, to: 159 },
} as const;

const cents = (usd: number) => Math.round(usd * 100);

/** A flight's segments as the price reads them: departure and arrival airport-local times. */
interface PricedSegment {
  departure_time: string;
  arrival_time: string;
}

function localMinutes(iso: string): number {
  return Date.parse(`${iso.slice(0, 19)}Z`) / 60_000;
}

/**
 * The domestic taxes and fees for a trip, from the figures above: segment tax and facility charge per segment, one
 * security fee plus one per connection over 4 hours. Connection times are read on local clocks (a connection's two
 * ends are at the same airport, so one clock).
 */
export function domesticTaxesUsd(segments: readonly PricedSegment[]): number {
  const f = GOWILD_PRICE_FIGURES;
  let security = 1;
  for (let i = 1; i < segments.length; i++) {
    const arrived = segments[i - 1] as PricedSegment;
    const leaves = segments[i] as PricedSegment;
    if (localMinutes(leaves.departure_time) - localMinutes(arrived.arrival_time) > f.longConnectionMinutes) security += 1;
  }
  return (cents(f.segmentTaxUsd + f.facilityChargeUsd) * segments.length + cents(f.securityFeeUsd) * security) / 100;
}

/**
 * One line of a GoWild price: the fare, the taxes and fees, the charge. `bound`: the figure is a bound, not the
 * amount, when the total cannot be split exactly (international taxes): `at-most` for the taxes, `at-least` for the
 * charge (the pass year's lowest).
 */
export interface GoWildPriceLine {
  label: string;
  usd: number;
  bound?: 'at-most' | 'at-least';
}

/**
 * What a GoWild total is made of, for a traveller who wonders why it is not $0.01: the fare, the taxes and fees, and
 * the Early Booking or Peak Day charge, each a line of its own. Domestic taxes come from the figures above and the
 * charge is what remains. International taxes vary by country and direction: the charge is then shown from its
 * lowest figure (`chargeFromUsd`, by default the pass year's in GOWILD_PRICE_FIGURES), and the taxes as at most what
 * is left; only a total below that lowest charge keeps the two as one line.
 */
export function goWildPriceLines(input: {
  total: number;
  fareType: GoWildFareType;
  kind: GoWildRouteKind;
  segments: readonly PricedSegment[];
  /** The lowest charge of this kind (the server's configuration); defaults to the figures above. */
  chargeFromUsd?: number | null;
}): GoWildPriceLine[] {
  const fare = GOWILD_PRICE_FIGURES.fareUsd;
  const rest = (cents(input.total) - cents(fare)) / 100;
  const lines: GoWildPriceLine[] = [{ label: 'GoWild fare', usd: fare }];
  if (input.fareType === 'standard') return [...lines, { label: 'Taxes and fees', usd: rest }];
  const charge = input.fareType === 'early_booking' ? 'Early Booking Charge' : 'Peak Day Charge';
  const taxes = input.kind === 'domestic' ? domesticTaxesUsd(input.segments) : null;
  if (taxes !== null && taxes <= rest)
    return [...lines, { label: 'Taxes and fees', usd: taxes }, { label: charge, usd: (cents(rest) - cents(taxes)) / 100 }];
  const figures = GOWILD_PRICE_FIGURES;
  const from =
    input.chargeFromUsd ?? (input.fareType === 'early_booking' ? figures.earlyBookingChargeUsd.from : figures.peakDayChargeUsd.from);
  if (!(from > 0) || cents(from) > cents(rest)) return [...lines, { label: `Taxes, fees and ${charge}`, usd: rest }];
  return [
    ...lines,
    { label: 'Taxes and fees', usd: (cents(rest) - cents(from)) / 100, bound: 'at-most' },
    { label: charge, usd: from, bound: 'at-least' },
  ];
}

/** Under a price shown as bounds: why the taxes and the charge are not split exactly. */
export const GOWILD_PRICE_BOUNDS_NOTE =
  "Taxes on international flights vary by country and direction, so the charge is shown from its lowest this pass year and the taxes as at most the rest. The total is the airline's.";
