import { z } from 'zod';
import { addDays, formatMediumDateWithYear, isIsoDate } from './dates';
import { formatDollars } from './money';
import { ALERT_MESSAGES, type Notification, airportCode, alertChannelsField } from './notifications';

/**
 * The wider alerts (docs/product/alerts.md#kinds-of-alert): any destination from an origin with GoWild on a date or a
 * range of dates, GoWild seats dropping to N or fewer on a route and date, and every flight of a connection chain
 * having GoWild. Each is one more kind of the one alert model: it counts toward the 3 active alerts and sends once,
 * on every channel chosen for it.
 */

/** The longest range of dates one alert may watch (an origin-wide alert, a window-open alert for a range). */
export const ALERT_RANGE_MAX_DAYS = 7;
/** The most a seat-count alert may wait for ("drop to 20 or fewer"). */
export const MAX_SEATS_THRESHOLD = 20;
/** Flights in a chain alert: the route builder's itineraries of 2 or 3 flights. */
export const CHAIN_LEGS = { min: 2, max: 3 } as const;

export const WIDER_ALERT_TEXTS = {
  originWideLabel: 'Any destination',
  seatsLabel: 'Seats left',
  chainLabel: 'Every leg of a chain',
  originWideCreated: 'Alert set: we will tell you once when a flight from this airport has GoWild on these dates.',
  seatsCreated: 'Alert set: we will tell you once when GoWild seats drop to your number or fewer.',
  chainCreated: 'Alert set: we will tell you once when every flight of this chain has GoWild.',
  chainButton: 'Alert me when every leg has GoWild',
  chainCreatedTitle: 'Chain Alert Created!',
  rangeOrder: 'The last travel date must be on or after the first',
  rangeTooLong: `A range of dates is at most ${ALERT_RANGE_MAX_DAYS} days`,
  seatsWhole: `Seats must be a whole number from 1 to ${MAX_SEATS_THRESHOLD}`,
  chainLegs: `A chain has ${CHAIN_LEGS.min} or ${CHAIN_LEGS.max} flights`,
  chainJoined: 'Each flight must leave from the airport the flight before it lands at',
  chainDates: 'Each flight must leave on the day the flight before it lands or later',
  chainReturns: 'A chain must not come back to an airport it has already left',
  flightNumberRequired: 'A flight number is required',
} as const;

const travelDate = z
  .string({ error: ALERT_MESSAGES.datesRequired })
  .trim()
  .refine(isIsoDate, 'Travel dates must be real dates in YYYY-MM-DD format');

/** Every date from `from` to `to`, both included. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= ALERT_RANGE_MAX_DAYS; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `travel_date` and an optional `travel_date_to`: one date, or a range of at most 7 days. */
export const travelRangeFields = {
  travel_date: travelDate,
  /** The range's last date (the same as travel_date, or not given, for one date). */
  travel_date_to: travelDate.optional(),
};
export function checkTravelRange(a: { travel_date: string; travel_date_to?: string | undefined }, ctx: z.RefinementCtx) {
  const to = a.travel_date_to ?? a.travel_date;
  if (to < a.travel_date) ctx.addIssue({ code: 'custom', message: WIDER_ALERT_TEXTS.rangeOrder, path: ['travel_date_to'] });
  else if (addDays(a.travel_date, ALERT_RANGE_MAX_DAYS - 1) < to)
    ctx.addIssue({ code: 'custom', message: WIDER_ALERT_TEXTS.rangeTooLong, path: ['travel_date_to'] });
}

/** POST /api/notifications/origin-wide: any destination from one airport with GoWild on a date or a range. */
export const createOriginWideAlertSchema = z
  .object({ origin_airport: airportCode(ALERT_MESSAGES.originRequired), ...travelRangeFields, channels: alertChannelsField })
  .superRefine(checkTravelRange);
export type CreateOriginWideAlertRequest = z.input<typeof createOriginWideAlertSchema>;
export type CreateOriginWideAlert = z.output<typeof createOriginWideAlertSchema>;

/** POST /api/notifications/seats: GoWild seats on a route and date drop to `max_seats` or fewer. */
export const createSeatsAlertSchema = z
  .object({
    origin_airport: airportCode(ALERT_MESSAGES.originRequired),
    destination_airport: airportCode(ALERT_MESSAGES.destinationRequired),
    travel_date: travelDate,
    max_seats: z
      .number({ error: WIDER_ALERT_TEXTS.seatsWhole })
      .int(WIDER_ALERT_TEXTS.seatsWhole)
      .min(1, WIDER_ALERT_TEXTS.seatsWhole)
      .max(MAX_SEATS_THRESHOLD, WIDER_ALERT_TEXTS.seatsWhole),
    channels: alertChannelsField,
  })
  .refine((a) => a.origin_airport !== a.destination_airport, { message: ALERT_MESSAGES.sameAirports, path: ['destination_airport'] });
export type CreateSeatsAlertRequest = z.input<typeof createSeatsAlertSchema>;
export type CreateSeatsAlert = z.output<typeof createSeatsAlertSchema>;

const chainLegSchema = z.object({
  origin_airport: airportCode(ALERT_MESSAGES.originRequired),
  destination_airport: airportCode(ALERT_MESSAGES.destinationRequired),
  travel_date: travelDate,
  flight_number: z
    .string({ error: WIDER_ALERT_TEXTS.flightNumberRequired })
    .trim()
    .min(1, WIDER_ALERT_TEXTS.flightNumberRequired)
    .max(12, WIDER_ALERT_TEXTS.flightNumberRequired),
});

/** POST /api/notifications/chain: a route builder itinerary of 2 or 3 flights; tells once every flight has GoWild. */
export const createChainAlertSchema = z
  .object({
    legs: z
      .array(chainLegSchema, { error: WIDER_ALERT_TEXTS.chainLegs })
      .min(CHAIN_LEGS.min, WIDER_ALERT_TEXTS.chainLegs)
      .max(CHAIN_LEGS.max, WIDER_ALERT_TEXTS.chainLegs),
    channels: alertChannelsField,
  })
  .superRefine((a, ctx) => {
    const seen = new Set<string>();
    a.legs.forEach((leg, i) => {
      if (leg.origin_airport === leg.destination_airport)
        ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.sameAirports, path: ['legs', i, 'destination_airport'] });
      seen.add(leg.origin_airport);
      if (seen.has(leg.destination_airport) && leg.origin_airport !== leg.destination_airport)
        ctx.addIssue({ code: 'custom', message: WIDER_ALERT_TEXTS.chainReturns, path: ['legs', i, 'destination_airport'] });
      const before = a.legs[i - 1];
      if (!before) return;
      if (before.destination_airport !== leg.origin_airport)
        ctx.addIssue({ code: 'custom', message: WIDER_ALERT_TEXTS.chainJoined, path: ['legs', i, 'origin_airport'] });
      if (leg.travel_date < before.travel_date)
        ctx.addIssue({ code: 'custom', message: WIDER_ALERT_TEXTS.chainDates, path: ['legs', i, 'travel_date'] });
    });
  });
export type CreateChainAlertRequest = z.input<typeof createChainAlertSchema>;
export type CreateChainAlert = z.output<typeof createChainAlertSchema>;

/** 'Dec 1, 2026' or 'Dec 1, 2026 to Dec 3, 2026'. */
export function datesText(dates: readonly string[]): string {
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return '';
  return first === last ? formatMediumDateWithYear(first) : `${formatMediumDateWithYear(first)} to ${formatMediumDateWithYear(last)}`;
}

/** 'DEN → ATL → MCO'. */
export function chainRoute(legs: readonly { origin: string; destination: string }[]): string {
  return legs.length === 0 ? '' : [legs[0]!.origin, ...legs.map((l) => l.destination)].join(' → ');
}

/** What an alert of a wider kind says on /notifications (docs/product/alerts.md#alert-status); null for other kinds. */
export function widerAlertStatus(
  n: Pick<Notification, 'kind' | 'is_active' | 'is_completed' | 'found_price' | 'found_seats' | 'found_destination'>,
): string | null {
  if (n.kind !== 'origin_wide' && n.kind !== 'seats' && n.kind !== 'chain') return null;
  if (n.is_completed && n.found_price !== null) {
    const price = formatDollars(n.found_price);
    if (n.kind === 'origin_wide') return `GoWild to ${n.found_destination ?? 'a destination'}: ${price}`;
    if (n.kind === 'seats') return `${n.found_seats ?? 0} seat${n.found_seats === 1 ? '' : 's'} left: ${price}`;
    return `GoWild on every leg: ${price}`;
  }
  if (n.is_completed) return 'Date Passed';
  return n.is_active ? 'Active' : 'Inactive';
}

/** The server's text for a chain flight on a route the airline does not fly. */
export function alertRouteNotInNetworkMessage(origin: string, destination: string): string {
  return `${origin} → ${destination} is not a route in the airline's route network`;
}
