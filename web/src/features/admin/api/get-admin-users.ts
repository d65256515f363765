import { adminUsersResponseSchema, type AdminUserPlan, type AdminUsersPage } from '@gowild/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

export interface AdminUsersParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at (docs/product/admin.md#lists). */
  asOf?: string;
  /** Part of an e-mail or a name. */
  q?: string;
  plan?: AdminUserPlan;
}

/** GET /api/admin/users: users newest first, by e-mail or name and plan. */
export async function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<AdminUsersPage> {
  const { asOf, ...rest } = params;
  const body = await apiRequest<unknown>('/admin/users', {
    query: { ...rest, as_of: asOf },
    action: 'fetch users',
    defaultMessage: ADMIN_FETCH_ERRORS.users,
    prefer: 'error',
    signal,
  });
  return adminUsersResponseSchema.parse(body);
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'users', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
