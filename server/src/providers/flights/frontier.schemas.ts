import { z } from 'zod';

/**
 * The FlightData JSON that booking.flyfrontier.com embeds in its results page
 * (docs/product/providers.md#fields-we-read). Only the fields we read are declared; unknown fields pass. Money may come
 * as a number or a numeric string; -1 or null means "not offered". Seat counts come as a number, null, or text such as
 * "2 Seats Left!".
 */
const money = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullable()
  .optional();
const seats = z.union([z.number(), z.string()]).nullable().optional();
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'expected a local date-time');

/**
 * A field we use when it is there and right, and do without otherwise: a wrong value never costs the flight (the
 * UTC times, say, fall back to the airports' zones).
 */
const optionalText = z.string().nullable().optional().catch(undefined);
const optionalFlag = z.boolean().nullable().optional().catch(undefined);

const frontierLegSchema = z.object({
  departureStation: z.string().regex(/^[A-Z]{3}$/),
  arrivalStation: z.string().regex(/^[A-Z]{3}$/),
  departureDate: localDateTime,
  arrivalDate: localDateTime,
  /** The real page's leg times in UTC ("2025-07-15T10:59:00Z"): the trip's length without time-zone tables. */
  departureDateUtc: optionalText,
  arrivalDateUtc: optionalText,
  flightNumber: z.union([z.number().int(), z.string().regex(/^\d{1,5}$/)]),
  carrierCode: z.string().min(2).max(3).nullable().optional(),
  departureDateFormatted: z.string().nullable().optional(),
  arrivalDateFormatted: z.string().nullable().optional(),
  durationFormatted: z.string().nullable().optional(),
});

/** A connection as the real page lists it: the station and the layover ("03:22:00"). */
const frontierStopSchema = z.object({ station: z.string(), duration: optionalText, durationFormatted: optionalText });

export const frontierFlightSchema = z.object({
  isGoWildFareEnabled: z.boolean().nullable().optional(),
  goWildFare: money,
  goWildFareSeatsRemaining: seats,
  discountDenFare: money,
  discountDenFareSeatsRemaining: seats,
  standardFare: money,
  standardFareSeatsRemaining: seats,
  milesFare: money,
  stopCount: z.number().int().min(0).nullable().optional(),
  stopsText: z.string().nullable().optional(),
  /** "13 hrs 22 min", or past a day "1 day(s) 1 hrs 28 min". */
  duration: z.string().nullable().optional(),
  stops: z.array(frontierStopSchema).nullable().optional().catch(undefined),
  isNextDayArrival: optionalFlag,
  hasSixPlusLayover: optionalFlag,
  /** The fare's booking key: kind, fare-basis code ("GW00PCW") and the legs, as the site books it. */
  goWildFareKey: optionalText,
  legs: z.array(frontierLegSchema).min(1),
});

/**
 * One day of the real page's 7-day ribbon. Read day by day (frontier-page.ts): a day that does not read is left
 * out, never the page.
 */
export const frontierRibbonDaySchema = z.object({
  date: z.string().optional(),
  dateKey: z.string().optional(),
  fare: money,
  isDisabled: z.boolean().nullable().optional(),
});

/**
 * `flights: null` is the airline's "no flights"; a missing `flights` is a changed page. Each flight is checked on its
 * own (frontier-page.ts), so one malformed flight is dropped and counted rather than failing the whole page. The
 * ribbon and the stations are the real page's; a ribbon that does not read is no ribbon.
 */
const journeySchema = z.object({
  flights: z.array(z.unknown()).nullable(),
  departureStation: optionalText,
  arrivalStation: optionalText,
  ribbon: z
    .object({ displayDates: z.array(z.unknown()) })
    .nullable()
    .optional()
    .catch(undefined),
});
const journeysSchema = z.array(journeySchema).min(1);

/** The 2026 page model's own account of the search, at the root of the real page. */
const pageModelFields = { originOne: optionalText, destinationOne: optionalText, departureDateOne: optionalText };

/** The real page's root (`{calendarLink, journeys, …}`), or the `results.journeys` of other tools' hand-made samples. */
export const frontierFlightDataSchema = z.union([
  z.object({ journeys: journeysSchema, ...pageModelFields }),
  z.object({ results: z.object({ journeys: journeysSchema }) }),
]);

export type FrontierLeg = z.infer<typeof frontierLegSchema>;
export type FrontierFlight = z.infer<typeof frontierFlightSchema>;

/** `/Resource/GetMarkets` (docs/product/providers.md#route-network): the network as origin → destinations, plus station names. */
export const frontierMarketsSchema = z.object({
  markets: z.array(z.object({ fromStation: z.string(), toStations: z.array(z.string()) })),
  marketDetails: z.array(z.object({ stationCode: z.string(), cityAndCode: z.string().optional() })).optional(),
});

/**
 * `/Flight/RetrieveSchedule` (docs/product/providers.md#schedule): the days a route does not fly, as US dates without
 * zero padding ("6/12/2026"), and the last day the airline sells.
 */
export const frontierScheduleSchema = z.object({
  calendarSelectableDays: z.object({
    lastAvailableDate: z.string().nullable().optional(),
    disabledDates: z.array(z.string()).nullable().optional(),
  }),
});
