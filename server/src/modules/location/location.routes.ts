import { referenceRoutes as routes } from '@gowild/contract/routes/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { LocationService } from './location.service';

/** GET /api/location: the caller's approximate place by IP (the fallback of docs/product/search.md#location-and-distances). */
export const locationRoutes: FastifyPluginAsyncZod<{ location: LocationService }> = async (app, { location }) => {
  contractRoute(app, routes.location, {}, async (request, reply) => {
    // The answer depends on the caller's address: never shared between callers by a cache.
    reply.header('cache-control', 'private, max-age=300');
    return location.locate(request.ip);
  });
};
