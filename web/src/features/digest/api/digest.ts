import { type DigestSettingsInput, digestDeliveriesResponseSchema, digestStateSchema } from '@gowild/contract/digest';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in traveller's digest opt-in (docs/product/digest.md). */
export const DIGEST_KEY = ['digest'] as const;

export const digestQueryOptions = () =>
  queryOptions({
    queryKey: DIGEST_KEY,
    queryFn: async ({ signal }) =>
      digestStateSchema.parse(await apiRequest<unknown>('/digest', { action: 'fetch your digest settings', prefer: 'error', signal })),
  });

/** PUT /api/digest: the whole opt-in; the answer is the new state with its message. */
export async function saveDigest(input: DigestSettingsInput) {
  const body = await apiRequest<unknown>('/digest', { method: 'PUT', body: input, action: 'save your digest settings', prefer: 'error' });
  return digestStateSchema.parse(body);
}

/** GET /api/digest/deliveries: the traveller's digests in the delivery history, newest first. */
export const digestDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: [...DIGEST_KEY, 'deliveries'] as const,
    queryFn: async ({ signal }) =>
      digestDeliveriesResponseSchema.parse(
        await apiRequest<unknown>('/digest/deliveries', { action: 'load your digest history', prefer: 'error', signal }),
      ).deliveries,
  });
