import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import { OBSERVATION_MESSAGES } from '@gowild/contract/observations';
import { observationsRoutes as routes } from '@gowild/contract/routes/observations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { ObservationsService } from './observations.service';

/**
 * What kept observations answer (docs/product/observations.md), never with an airline request and never charged as
 * a search: the grid (premium; 401 visitors, 403 with the grid's premium text), and the price history and route
 * insights the results cards read (any signed-in user).
 */
export const observationsRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requireUser' | 'requirePremium'>;
  service: ObservationsService;
}> = async (app, { auth, service }) => {
  // Before validation, as every gated route: a visitor hears 401 whatever the query.
  const premium = {
    preValidation: async (request: FastifyRequest) =>
      void (await auth.requirePremium(request, OBSERVATION_MESSAGES.gridPremium, SEARCH_MESSAGES.loginRequired)),
  };
  const signedIn = {
    preValidation: async (request: FastifyRequest) => void (await auth.requireUser(request, SEARCH_MESSAGES.loginRequired)),
  };

  contractRoute(app, routes.grid, premium, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.grid(request.query, true);
  });
  contractRoute(app, routes.priceHistory, signedIn, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.priceHistory(request.query);
  });
  contractRoute(app, routes.routeInsights, signedIn, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.insights(request.query);
  });
};
