import { authRoutes } from '@gowild/contract/routes/auth';
import type { SearchUsage } from '@gowild/contract/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '@/lib/call-api';
import { useAuth } from '@/lib/auth/auth-context';

/** GET /auth/search-usage → { search_limit, searches_remaining, is_premium }. */
export function getSearchUsage(): Promise<SearchUsage> {
  return callApi(authRoutes.searchUsage, {
    action: 'get search usage',
    defaultMessage: 'Failed to get search usage',
    prefer: 'error',
  });
}

export const searchUsageQueryKey = ['search-usage'] as const;

export const searchUsageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...searchUsageQueryKey, userId], queryFn: getSearchUsage, retry: false, staleTime: 30_000 });

/** The signed-in user's quota; idle for visitors. Keyed by user so one account never sees another's count. */
export function useSearchUsage() {
  const { user } = useAuth();
  return useQuery({ ...searchUsageQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}

/** Re-reads the quota; call it after each successful search (docs/product/accounts-and-plans.md#usage-badge). */
export function useRefreshSearchUsage(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: searchUsageQueryKey }), [queryClient]);
}
