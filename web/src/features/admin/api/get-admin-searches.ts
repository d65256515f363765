import { adminSearchesResponseSchema, type AdminSearchesPage } from '@gowild/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

export interface AdminSearchesParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at (docs/product/admin.md#lists). */
  asOf?: string;
  origin?: string;
  type?: string;
  /** YYYY-MM-DD, a UTC day. */
  day?: string;
}

/** GET /api/admin/searches: the search log, by origin, type and day. */
export async function getAdminSearches(params: AdminSearchesParams, signal?: AbortSignal): Promise<AdminSearchesPage> {
  const { asOf, ...rest } = params;
  const body = await apiRequest<unknown>('/admin/searches', {
    query: { ...rest, as_of: asOf },
    action: 'fetch searches',
    defaultMessage: ADMIN_FETCH_ERRORS.searches,
    prefer: 'error',
    signal,
  });
  return adminSearchesResponseSchema.parse(body);
}

export const adminSearchesQueryOptions = (params: AdminSearchesParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'searches', params],
    queryFn: ({ signal }) => getAdminSearches(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminSearches(params: AdminSearchesParams) {
  return useQuery(adminSearchesQueryOptions(params));
}
