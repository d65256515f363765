import { adminNotificationsResponseSchema, type AlertStatusFilter, type AdminNotificationsPage } from '@gowild/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_FETCH_ERRORS, ADMIN_KEY } from './admin-keys';

export interface AdminNotificationsParams {
  page: number;
  limit: number;
  /** The snapshot the list's first page was read at (docs/product/admin.md#lists). */
  asOf?: string;
  status?: AlertStatusFilter;
}

/** GET /api/admin/notifications: every flight alert with its owner, by status. */
export async function getAdminNotifications(params: AdminNotificationsParams, signal?: AbortSignal): Promise<AdminNotificationsPage> {
  const { asOf, ...rest } = params;
  const body = await apiRequest<unknown>('/admin/notifications', {
    query: { ...rest, as_of: asOf },
    action: 'fetch notifications',
    defaultMessage: ADMIN_FETCH_ERRORS.notifications,
    prefer: 'error',
    signal,
  });
  return adminNotificationsResponseSchema.parse(body);
}

export const adminNotificationsQueryOptions = (params: AdminNotificationsParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'notifications', params],
    queryFn: ({ signal }) => getAdminNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminNotifications(params: AdminNotificationsParams) {
  return useQuery(adminNotificationsQueryOptions(params));
}
