import { FAVOURITES_MESSAGES, favouritesInputSchema, favouritesSchema } from '@gowild/contract/favourites';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import type { FavouritesService } from './favourites.service';

const tags = ['account'];
const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse };

/**
 * /api/favourites (docs/product/favourites.md): the signed-in traveller's home airports, favourite origins and
 * remembered filters. Always the caller's own: no route takes a traveller's id. Free and premium alike (decision 283).
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{ auth: Pick<AuthService, 'requireUser'>; favourites: FavouritesService }> = async (
  app,
  { auth, favourites },
) => {
  const traveller = async (request: FastifyRequest) => (await auth.requireUser(request, FAVOURITES_MESSAGES.loginRequired)).user.id;

  app.get(
    '/api/favourites',
    {
      preHandler: async (request) => void (await traveller(request)),
      schema: {
        tags,
        summary: "The caller's home airports, favourite origins and remembered filters (empty until saved once)",
        response: { 200: favouritesSchema, ...errors },
      },
    },
    async (request) => favourites.read(await traveller(request)),
  );

  app.put(
    '/api/favourites',
    {
      preHandler: async (request) => void (await traveller(request)),
      schema: {
        tags,
        summary: 'Save home airports, favourite origins or remembered filters; a part left out keeps its value, filters: null forgets them',
        body: favouritesInputSchema,
        response: { 200: favouritesSchema, ...errors },
      },
    },
    async (request) => favourites.save(await traveller(request), request.body),
  );
};
