import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** DELETE /api/notifications/{id} → { message }; 404 for another user's alert, 409 for a completed one. */
export async function deleteNotification(id: string) {
  return callApi(alertsRoutes.remove, {
    params: { id },
    action: 'delete notification',
    defaultMessage: ALERT_MESSAGES.deleteFailed,
    prefer: 'error',
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
