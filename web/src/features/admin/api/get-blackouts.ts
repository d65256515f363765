import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminBlackoutsResult } from '@gowild/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** GET /api/admin/blackouts: the blackout dates as the server holds them. */
export async function getBlackouts(signal?: AbortSignal): Promise<AdminBlackoutsResult> {
  return callApi(adminRoutes.blackouts, {
    action: 'fetch blackout dates',
    defaultMessage: 'Failed to fetch blackout dates',
    prefer: 'error',
    signal,
  });
}

export const blackoutsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'blackouts'], queryFn: ({ signal }) => getBlackouts(signal) });

export function useBlackouts() {
  return useQuery(blackoutsQueryOptions());
}
