import {
  API_KEY_MESSAGES,
  adminApiKeyUsageSchema,
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
} from '@gowild/contract/api-keys';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../lib/http-error';
import type { AuthService } from '../accounts/accounts.module';
import { KEYED_ENDPOINTS } from './api-key-auth';
import type { ApiKeysService } from './api-keys.service';

const tags = ['account'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

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
  const security = [{ bearer: [] }];

  app.get(
    '/api/account/api-keys',
    {
      preHandler: async (request) => void (await user(request)),
      schema: {
        tags,
        summary: "The caller's live API keys, with last use and today's calls",
        security,
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { keys: await keys.list(await user(request)) };
    },
  );

  app.post(
    '/api/account/api-keys',
    {
      preValidation: async (request) => void (await user(request)),
      schema: {
        tags,
        summary: 'Makes an API key; the answer is the only time the key is shown',
        security,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await keys.create(await user(request), request.body.name));
    },
  );

  app.delete(
    '/api/account/api-keys/:id',
    {
      preValidation: async (request) => void (await user(request)),
      schema: {
        tags,
        summary: 'Revokes an API key at once, on every server',
        security,
        params: z.object({ id: z.uuid({ message: API_KEY_MESSAGES.notFound }) }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await keys.revoke(await user(request), request.params.id);
      return { message: API_KEY_MESSAGES.revoked };
    },
  );

  // What /developers lists beside the OpenAPI document: the routes a key may call, how fresh each is, the quotas.
  app.get(
    '/api/developers',
    {
      schema: {
        tags: ['account'],
        summary: 'The endpoints a personal API key may call, their freshness and example, and the daily quotas',
        response: {
          200: z.object({
            endpoints: z.array(z.object({ path: z.string(), freshness: z.string(), example: z.string() })),
            quotas: z.object({ free: z.number().int(), premium: z.number().int() }),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { endpoints: [...KEYED_ENDPOINTS], quotas: limits };
    },
  );

  app.get(
    '/api/admin/api-keys',
    {
      preHandler: async (request) => void (await auth.requireAdmin(request)),
      schema: {
        tags: ['admin'],
        summary: 'Calls per API key today (never a key)',
        security,
        response: { 200: adminApiKeyUsageSchema, ...errors },
      },
    },
    async () => ({ keys: await keys.adminUsage() }),
  );
};
