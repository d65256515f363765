import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import type { CreateWindowAlertRequest } from '@gowild/contract/window-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** POST /api/notifications/window-open → 201 { notification, message }: tell me when GoWild opens. */
export async function createWindowAlert(input: CreateWindowAlertRequest) {
  return callApi(alertsRoutes.createWindowOpen, {
    body: input,
    action: 'create window alert',
    defaultMessage: ALERT_MESSAGES.createFailed,
    prefer: 'error',
  });
}

export function useCreateWindowAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWindowAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
