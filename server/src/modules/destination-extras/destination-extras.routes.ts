import {
  CAR_MESSAGES,
  HOTEL_MESSAGES,
  availabilityResponseSchema,
  hotelSearchResponseSchema,
  rentalLocationsResponseSchema,
} from '@gowild/contract/extras';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { CarsService } from './cars.service';
import type { HotelsService } from './hotels.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 503: errorResponse };
/** Every field is text read by the service's rules (clamps, defaults, the spec's messages), never refused here. */
const text = z.string().max(100).optional();

/**
 * GET /api/hotels/search/airport/:airportCode, GET /api/hertz/locations, GET /api/hertz/availability
 * (docs/product/destination-extras.md): premium only, checked before the query is read, so a visitor hears 401 and a
 * free user 403 PREMIUM_REQUIRED whatever they send.
 */
export const destinationExtrasRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requirePremium'>;
  hotels: HotelsService;
  cars: CarsService;
}> = async (app, { auth, hotels, cars }) => {
  const hotelsPremium = async (request: FastifyRequest) =>
    void (await auth.requirePremium(request, HOTEL_MESSAGES.premiumRequired, HOTEL_MESSAGES.loginRequired));
  const carsPremium = async (request: FastifyRequest) =>
    void (await auth.requirePremium(request, CAR_MESSAGES.premiumRequired, CAR_MESSAGES.loginRequired));

  app.get(
    '/api/hotels/search/airport/:airportCode',
    {
      preHandler: hotelsPremium,
      schema: {
        tags: ['hotels'],
        summary: 'Hotels near a destination airport (premium): adults and rooms 1-8, per_page 1-50, sort auto|price|rating|distance',
        params: z.object({ airportCode: z.string().max(100) }),
        querystring: z.object({
          airport_code: text,
          checkin_date: text,
          checkout_date: text,
          adults: text,
          rooms: text,
          page: text,
          per_page: text,
          sort_by: text,
        }),
        response: { 200: hotelSearchResponseSchema, ...errors },
      },
    },
    async (request) => hotels.search(request.params.airportCode, request.query),
  );

  app.get(
    '/api/hertz/locations',
    {
      preHandler: carsPremium,
      schema: {
        tags: ['rental cars'],
        summary: 'Rental locations near an airport code or place (premium), nearest first',
        querystring: z.object({ text }),
        response: { 200: rentalLocationsResponseSchema, ...errors },
      },
    },
    async (request) => cars.locations(request.query.text),
  );

  app.get(
    '/api/hertz/availability',
    {
      preHandler: carsPremium,
      schema: {
        tags: ['rental cars'],
        summary:
          "Vehicles at a rental location for the dates (premium), cheapest first, priced at the cheapest option that is not 'pay later'",
        querystring: z.object({
          pickup_location: text,
          pickup_date: text,
          pickup_time: text,
          return_date: text,
          return_time: text,
          driver_age: text,
          cdp_code: text,
        }),
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    async (request) => cars.availability(request.query),
  );
};
