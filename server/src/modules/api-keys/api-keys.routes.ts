import { API_KEY_MESSAGES } from '@gowild/contract/api-keys';
import { apiKeysRoutes as routes } from '@gowild/contract/routes/api-keys';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { AuthService } from '../accounts/accounts.module';
import { KEYED_ENDPOINTS } from './api-key-auth';
import type { ApiKeysService } from './api-keys.service';

/**
 * /api/account/api-keys (docs/product/public-api.md): the signed-in user's personal keys, made, listed and revoked with
 * a session only (a key is refused here by the key hook, so a leaked key cannot make more keys or hide itself), and
 * the admin's counts per key.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{
  auth: Pick<AuthService, 'requireUser' | 'requireAdmin'>;
  keys: ApiKeysService;
  limits: { free: number; premium: number };
}> = async (app, { auth, keys, limits }) => {
  const user = async (request: FastifyRequest) => (await auth.requireUser(request, API_KEY_MESSAGES.loginRequired)).user;
  const preHandler = async (request: FastifyRequest) => void (await user(request));

  contractRoute(app, routes.list, { preHandler }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { keys: await keys.list(await user(request)) };
  });

  contractRoute(app, routes.create, { preValidation: preHandler }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await keys.create(await user(request), request.body.name));
  });

  contractRoute(app, routes.revoke, { preValidation: preHandler }, async (request) => {
    await keys.revoke(await user(request), request.params.id);
    return { message: API_KEY_MESSAGES.revoked };
  });

  // What /developers lists beside the OpenAPI document: the routes a key may call, how fresh each is, the quotas.
  contractRoute(app, routes.developers, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { endpoints: [...KEYED_ENDPOINTS], quotas: limits };
  });

  contractRoute(app, routes.adminUsage, { preHandler: async (request) => void (await auth.requireAdmin(request)) }, async () => ({
    keys: await keys.adminUsage(),
  }));
};
