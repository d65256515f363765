import { type AdminBlackoutsResult, adminBlackoutsResponseSchema } from '@gowild/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_KEY } from './admin-keys';

/** GET /api/admin/blackouts: the blackout dates as the server holds them. */
export async function getBlackouts(signal?: AbortSignal): Promise<AdminBlackoutsResult> {
  const body = await apiRequest<unknown>('/admin/blackouts', {
    action: 'fetch blackout dates',
    defaultMessage: 'Failed to fetch blackout dates',
    prefer: 'error',
    signal,
  });
  return adminBlackoutsResponseSchema.parse(body);
}

export const blackoutsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'blackouts'], queryFn: ({ signal }) => getBlackouts(signal) });

export function useBlackouts() {
  return useQuery(blackoutsQueryOptions());
}
