import { FAVOURITES_MESSAGES } from '@gowild/contract/favourites';
import { favouritesRoutes as routes } from '@gowild/contract/routes/favourites';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import type { FavouritesService } from './favourites.service';

/**
 * /api/favourites (docs/product/favourites.md): the signed-in traveller's home airports, favourite origins and
 * remembered filters. Always the caller's own: no route takes a traveller's id. Free and premium alike (decision 283).
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requireUser'>; favourites: FavouritesService }> = async (
  app,
  { auth, favourites },
) => {
  const traveller = async (request: FastifyRequest) => (await auth.requireUser(request, FAVOURITES_MESSAGES.loginRequired)).user.id;
  const preHandler = async (request: FastifyRequest) => void (await traveller(request));

  contractRoute(app, routes.read, { preHandler }, async (request) => favourites.read(await traveller(request)));
  contractRoute(app, routes.save, { preHandler }, async (request) => favourites.save(await traveller(request), request.body));
};
