import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { ALERT_MESSAGES, type Notification } from '@gowild/contract/notifications';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** Every query of the user's alerts starts with this key, so a create or a delete refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /api/notifications: the user's alerts; completed ones only when asked for (docs/product/alerts.md#alerts-api). */
export async function getNotifications(includeCompleted: boolean, signal?: AbortSignal): Promise<Notification[]> {
  const body = await callApi(alertsRoutes.list, {
    query: { include_completed: includeCompleted ? 'true' : 'false' },
    action: 'fetch notifications',
    defaultMessage: ALERT_MESSAGES.fetchFailed,
    prefer: 'error',
    signal,
  });
  return body.notifications;
}

export const notificationsQueryOptions = (includeCompleted: boolean) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, { includeCompleted }],
    queryFn: ({ signal }) => getNotifications(includeCompleted, signal),
    // Asked even offline: the service worker answers with the list this session last saw (docs/product/offline.md#alerts-offline).
    networkMode: 'always',
  });
