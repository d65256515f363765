import { digestRoutes } from '@gowild/contract/routes/digest';
import { type DigestSettingsInput } from '@gowild/contract/digest';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The signed-in traveller's digest opt-in (docs/product/digest.md). */
export const DIGEST_KEY = ['digest'] as const;

export const digestQueryOptions = () =>
  queryOptions({
    queryKey: DIGEST_KEY,
    queryFn: ({ signal }) => callApi(digestRoutes.state, { action: 'fetch your digest settings', prefer: 'error', signal }),
  });

/** PUT /api/digest: the whole opt-in; the answer is the new state with its message. */
export async function saveDigest(input: DigestSettingsInput) {
  return callApi(digestRoutes.save, { body: input, action: 'save your digest settings', prefer: 'error' });
}

/** GET /api/digest/deliveries: the traveller's digests in the delivery history, newest first. */
export const digestDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: [...DIGEST_KEY, 'deliveries'] as const,
    queryFn: async ({ signal }) =>
      (await callApi(digestRoutes.deliveries, { action: 'load your digest history', prefer: 'error', signal })).deliveries,
  });
