import { ROUTE_MAP_MESSAGES, routesResponseSchema } from '@gowild/contract/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';

/**
 * GET /api/routes, the route map's data (docs/product/maps.md#map-data-and-access; decision 085): the whole directed
 * network, for premium accounts only. Visitors hear 401, signed-in non-premium users 403 PREMIUM_REQUIRED. The search
 * reads the network on the server and needs no call of its own.
 */
export const routeMapRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requirePremium'>; reference: ReferenceService }> = async (
  app,
  { auth, reference },
) => {
  const premium = (request: FastifyRequest) =>
    auth.requirePremium(request, ROUTE_MAP_MESSAGES.premiumRequired, ROUTE_MAP_MESSAGES.loginRequired);

  app.get(
    '/api/routes',
    {
      preHandler: async (request) => void (await premium(request)),
      schema: {
        tags: ['reference'],
        summary: 'The directed route network (premium: the route map)',
        response: { 200: routesResponseSchema, 401: errorResponse, 403: errorResponse },
      },
    },
    async (_request, reply) => {
      // Per account: a shared cache must not hand one premium user's answer to anyone else.
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, routes: reference.routes() };
    },
  );
};
