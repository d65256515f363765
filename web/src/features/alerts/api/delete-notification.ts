import { ALERT_MESSAGES, notificationDeletedResponseSchema } from '@gowild/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** DELETE /api/notifications/{id} → { message }; 404 for another user's alert, 409 for a completed one. */
export async function deleteNotification(id: string) {
  const body = await apiRequest<unknown>(`/notifications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    action: 'delete notification',
    defaultMessage: ALERT_MESSAGES.deleteFailed,
    prefer: 'error',
  });
  return notificationDeletedResponseSchema.parse(body ?? { message: ALERT_MESSAGES.deleted });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
