import { type AdminDashboard, adminDashboardResponseSchema } from '@gowild/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

/** GET /api/admin/dashboard: the admin summary and the service's own figures. */
export async function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  const body = await apiRequest<unknown>('/admin/dashboard', {
    action: 'fetch dashboard data',
    defaultMessage: ADMIN_FETCH_ERRORS.dashboard,
    prefer: 'error',
    signal,
  });
  return adminDashboardResponseSchema.parse(body);
}

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'dashboard'], queryFn: ({ signal }) => getAdminDashboard(signal) });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
