import { z } from 'zod';
import { isoDateSchema } from './dates';

/** GET /api/airports (docs/product/search.md#reference-data). */
export const airportSchema = z.object({
  stationCode: z.string().length(3),
  cityAndCode: z.string(),
  countryCode: z.string().length(2),
  name: z.string(),
  city: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
  timezone: z.string(),
});
export type Airport = z.infer<typeof airportSchema>;
export const airportsResponseSchema = z.object({ airports: z.array(airportSchema) });

/** GET /api/routes: the route map's data, premium only (docs/product/maps.md#map-data-and-access). */
export const ROUTE_MAP_MESSAGES = {
  loginRequired: 'Please log in to view the route map.',
  premiumRequired: 'The route map is a premium feature. Upgrade your account to explore every route.',
} as const;

export const routeSchema = z.object({ origin: z.string(), destination: z.string() });
export type Route = z.infer<typeof routeSchema>;
export const routesResponseSchema = z.object({ success: z.literal(true), routes: z.array(routeSchema) });

/** GET /api/gowild/blackout-dates. */
export const blackoutDatesResponseSchema = z.array(isoDateSchema);
