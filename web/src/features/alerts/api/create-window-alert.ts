import { ALERT_MESSAGES, notificationCreatedResponseSchema } from '@gowild/contract/notifications';
import type { CreateWindowAlertRequest } from '@gowild/contract/window-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** POST /api/notifications/window-open → 201 { notification, message }: tell me when GoWild opens. */
export async function createWindowAlert(input: CreateWindowAlertRequest) {
  const body = await apiRequest<unknown>('/notifications/window-open', {
    method: 'POST',
    body: input,
    action: 'create window alert',
    defaultMessage: ALERT_MESSAGES.createFailed,
    prefer: 'error',
  });
  return notificationCreatedResponseSchema.parse(body);
}

export function useCreateWindowAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWindowAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
