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

const frontierLegSchema = z.object({
  departureStation: z.string().regex(/^[A-Z]{3}$/),
  arrivalStation: z.string().regex(/^[A-Z]{3}$/),
  departureDate: localDateTime,
  arrivalDate: localDateTime,
  flightNumber: z.union([z.number().int(), z.string().regex(/^\d{1,5}$/)]),
  carrierCode: z.string().min(2).max(3).nullable().optional(),
  departureDateFormatted: z.string().nullable().optional(),
  arrivalDateFormatted: z.string().nullable().optional(),
  durationFormatted: z.string().nullable().optional(),
});

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
  duration: z.string().nullable().optional(),
  legs: z.array(frontierLegSchema).min(1),
});

/**
 * `flights: null` is the airline's "no flights"; a missing `flights` is a changed page. Each flight is checked on its
 * own (frontier-page.ts), so one malformed flight is dropped and counted rather than failing the whole page.
 */
const journeySchema = z.object({ flights: z.array(z.unknown()).nullable() });
const journeysSchema = z.array(journeySchema).min(1);

export const frontierFlightDataSchema = z.union([
  z.object({ journeys: journeysSchema }),
  z.object({ results: z.object({ journeys: journeysSchema }) }),
]);

export type FrontierLeg = z.infer<typeof frontierLegSchema>;
export type FrontierFlight = z.infer<typeof frontierFlightSchema>;

/** `/Resource/GetMarkets` (docs/product/providers.md#route-network): the network as origin → destinations, plus station names. */
export const frontierMarketsSchema = z.object({
  markets: z.array(z.object({ fromStation: z.string(), toStations: z.array(z.string()) })),
  marketDetails: z.array(z.object({ stationCode: z.string(), cityAndCode: z.string().optional() })).optional(),
});
