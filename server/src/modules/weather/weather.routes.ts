import { referenceRoutes as routes } from '@gowild/contract/routes/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { WeatherService } from './weather.service';

export const weatherRoutes: FastifyPluginAsyncZod<{ weather: WeatherService }> = async (app, { weather }) => {
  contractRoute(app, routes.weather, {}, async (request) => weather.forecast(request.params.destination, request.query));
};
