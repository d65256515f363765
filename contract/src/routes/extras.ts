import { z } from 'zod';
import { availabilityResponseSchema, hotelSearchResponseSchema, rentalLocationsResponseSchema } from '../extras';
import { errors, route } from '../route';

const extrasErrors = errors(400, 401, 403, 404, 503);
/** Every field is text read by the service's rules (clamps, defaults, the spec's messages), never refused here. */
const text = z.string().max(100).optional();

/** Hotels and rental cars (docs/product/destination-extras.md): premium only, checked before the query is read. */
export const extrasRoutes = {
  hotels: route({
    method: 'GET',
    path: '/api/hotels/search/airport/:airportCode',
    tags: ['hotels'],
    summary: 'Hotels near a destination airport (premium): adults and rooms 1-8, per_page 1-50, sort auto|price|rating|distance',
    access: 'premium',
    params: z.object({ airportCode: z.string().max(100) }),
    query: z.object({
      airport_code: text,
      checkin_date: text,
      checkout_date: text,
      adults: text,
      rooms: text,
      page: text,
      per_page: text,
      sort_by: text,
    }),
    responses: { 200: hotelSearchResponseSchema, ...extrasErrors },
  }),
  rentalLocations: route({
    method: 'GET',
    path: '/api/hertz/locations',
    tags: ['rental cars'],
    summary: 'Rental locations near an airport code or place (premium), nearest first',
    access: 'premium',
    query: z.object({ text }),
    responses: { 200: rentalLocationsResponseSchema, ...extrasErrors },
  }),
  availability: route({
    method: 'GET',
    path: '/api/hertz/availability',
    tags: ['rental cars'],
    summary: "Vehicles at a rental location for the dates (premium), cheapest first, priced at the cheapest option that is not 'pay later'",
    access: 'premium',
    query: z.object({
      pickup_location: text,
      pickup_date: text,
      pickup_time: text,
      return_date: text,
      return_time: text,
      driver_age: text,
      cdp_code: text,
    }),
    responses: { 200: availabilityResponseSchema, ...extrasErrors },
  }),
};
