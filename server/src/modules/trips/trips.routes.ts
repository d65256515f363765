import { tripsRoutes as routes } from '@gowild/contract/routes/trips';
import { TRIP_MESSAGES } from '@gowild/contract/trips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { TripLookupService } from './trip-lookup.service';

/**
 * GET /api/trips/summary (docs/product/search.md#summary-links): a chosen trip's two flights read again by their
 * hashes, for a premium user opening a hash-style summary address in a browser that does not hold them. Visitors
 * 401, free users 403 PREMIUM_REQUIRED, then the query and its codes (400, before the airline is asked), then 404 with the summary's not-found text when a
 * flight is no longer sold, 503 when the airline cannot be asked.
 */
export const tripsRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requirePremium'>; trips: TripLookupService }> = async (
  app,
  { auth, trips },
) => {
  contractRoute(
    app,
    routes.summary,
    {
      preHandler: async (request) => void (await auth.requirePremium(request, TRIP_MESSAGES.premiumRequired, TRIP_MESSAGES.loginRequired)),
    },
    async (request) => trips.resolve(request.query),
  );
};
