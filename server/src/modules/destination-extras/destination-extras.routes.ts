import { CAR_MESSAGES, HOTEL_MESSAGES } from '@gowild/contract/extras';
import { extrasRoutes as routes } from '@gowild/contract/routes/extras';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { CarsService } from './cars.service';
import type { HotelsService } from './hotels.service';

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

  contractRoute(app, routes.hotels, { preHandler: hotelsPremium }, async (request) =>
    hotels.search(request.params.airportCode, request.query),
  );
  contractRoute(app, routes.rentalLocations, { preHandler: carsPremium }, async (request) => cars.locations(request.query.text));
  contractRoute(app, routes.availability, { preHandler: carsPremium }, async (request) => cars.availability(request.query));
};
