import { z } from 'zod';
import { API_KEY_MESSAGES, adminApiKeyUsageSchema, apiKeyCreateSchema, apiKeyCreatedSchema, apiKeyListSchema } from '../api-keys';
import { errors, route } from '../route';

const tags = ['account'];
const keyErrors = errors(400, 401, 403, 404);

/** What /developers lists beside the OpenAPI document. */
export const developersResponseSchema = z.object({
  endpoints: z.array(z.object({ path: z.string(), freshness: z.string(), example: z.string() })),
  quotas: z.object({ free: z.number().int(), premium: z.number().int() }),
});

/**
 * Personal API keys (docs/product/public-api.md): made, listed and revoked with a session only (the key hook refuses a
 * key here), the public list of keyed endpoints, and the admin's counts per key.
 */
export const apiKeysRoutes = {
  list: route({
    method: 'GET',
    path: '/api/account/api-keys',
    tags,
    summary: "The caller's live API keys, with last use and today's calls",
    access: 'signed-in',
    responses: { 200: apiKeyListSchema, ...keyErrors },
  }),
  create: route({
    method: 'POST',
    path: '/api/account/api-keys',
    tags,
    summary: 'Makes an API key; the answer is the only time the key is shown',
    access: 'signed-in',
    body: apiKeyCreateSchema,
    responses: { 201: apiKeyCreatedSchema, ...keyErrors },
  }),
  revoke: route({
    method: 'DELETE',
    path: '/api/account/api-keys/:id',
    tags,
    summary: 'Revokes an API key at once, on every server',
    access: 'signed-in',
    params: z.object({ id: z.uuid({ message: API_KEY_MESSAGES.notFound }) }),
    responses: { 200: z.object({ message: z.string() }), ...keyErrors },
  }),
  developers: route({
    method: 'GET',
    path: '/api/developers',
    tags,
    summary: 'The endpoints a personal API key may call, their freshness and example, and the daily quotas',
    access: 'public',
    responses: { 200: developersResponseSchema },
  }),
  adminUsage: route({
    method: 'GET',
    path: '/api/admin/api-keys',
    tags: ['admin'],
    summary: 'Calls per API key today (never a key)',
    access: 'admin',
    responses: { 200: adminApiKeyUsageSchema, ...keyErrors },
  }),
};
