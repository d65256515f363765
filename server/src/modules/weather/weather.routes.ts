import { weatherResponseSchema } from '@gowild/contract/weather';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WeatherService } from './weather.service';

const paramsSchema = z.object({ destination: z.string().max(20) });
const querySchema = z.object({
  dates: z.string().max(400).optional(),
  start: z.string().max(20).optional(),
  end: z.string().max(20).optional(),
});

export const weatherRoutes: FastifyPluginAsyncZod<{ weather: WeatherService }> = async (app, { weather }) => {
  app.get(
    '/api/weather/:destination',
    {
      schema: {
        tags: ['weather'],
        summary: 'Daily forecast at an airport: 7 days from today, or the given dates (within 16 days)',
        params: paramsSchema,
        querystring: querySchema,
        response: { 200: weatherResponseSchema },
      },
    },
    async (request) => weather.forecast(request.params.destination, request.query),
  );
};
