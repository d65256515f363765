import { apiKeyCreatedSchema, apiKeyListSchema } from '@gowild/contract/api-keys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in user's personal API keys (docs/product/public-api.md). */
export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: async ({ signal }) => {
      const body = await apiRequest<unknown>('/account/api-keys', { action: 'fetch your API keys', prefer: 'error', signal });
      return apiKeyListSchema.parse(body).keys;
    },
  });

/** POST /api/account/api-keys: the answer holds the key itself, the one time it is ever shown. */
export async function createApiKey(name: string) {
  const body = await apiRequest<unknown>('/account/api-keys', {
    method: 'POST',
    body: { name },
    action: 'create the API key',
    prefer: 'error',
  });
  return apiKeyCreatedSchema.parse(body);
}

/** DELETE /api/account/api-keys/{id}: refused at once on every server. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest<unknown>(`/account/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    action: 'revoke the API key',
    prefer: 'error',
  });
}
