import { ROUTE_MAP_MESSAGES } from '@gowild/contract/reference';
import { referenceRoutes as routes } from '@gowild/contract/routes/reference';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
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

  contractRoute(app, routes.routeNetwork, { preHandler: async (request) => void (await premium(request)) }, async (_request, reply) => {
    // Per account: a shared cache must not hand one premium user's answer to anyone else.
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, routes: reference.routes() };
  });
};
