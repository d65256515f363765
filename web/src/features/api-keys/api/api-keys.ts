import { apiKeysRoutes } from '@gowild/contract/routes/api-keys';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The signed-in user's personal API keys (docs/product/public-api.md). */
export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: async ({ signal }) => {
      const body = await callApi(apiKeysRoutes.list, { action: 'fetch your API keys', prefer: 'error', signal });
      return body.keys;
    },
  });

/** POST /api/account/api-keys: the answer holds the key itself, the one time it is ever shown. */
export async function createApiKey(name: string) {
  return callApi(apiKeysRoutes.create, { body: { name }, action: 'create the API key', prefer: 'error' });
}

/** DELETE /api/account/api-keys/{id}: refused at once on every server. */
export async function revokeApiKey(id: string): Promise<void> {
  await callApi(apiKeysRoutes.revoke, {
    params: { id },
    action: 'revoke the API key',
    prefer: 'error',
  });
}
