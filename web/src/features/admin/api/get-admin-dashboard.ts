import { adminRoutes } from '@gowild/contract/routes/admin';
import { type AdminDashboard } from '@gowild/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

/** GET /api/admin/dashboard: the admin summary and the service's own figures. */
export async function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return callApi(adminRoutes.dashboard, {
    action: 'fetch dashboard data',
    defaultMessage: ADMIN_FETCH_ERRORS.dashboard,
    prefer: 'error',
    signal,
  });
}

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'dashboard'], queryFn: ({ signal }) => getAdminDashboard(signal) });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
