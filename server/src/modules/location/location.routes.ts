import { ipLocationResponseSchema } from '@gowild/contract/location';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LocationService } from './location.service';

/** GET /api/location: the caller's approximate place by IP (the fallback of docs/product/search.md#location-and-distances). */
export const locationRoutes: FastifyPluginAsyncZod<{ location: LocationService }> = async (app, { location }) => {
  app.get(
    '/api/location',
    {
      schema: {
        tags: ['reference'],
        summary: "The caller's approximate location by IP address",
        response: { 200: ipLocationResponseSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on the caller's address: never shared between callers by a cache.
      reply.header('cache-control', 'private, max-age=300');
      return location.locate(request.ip);
    },
  );
};
