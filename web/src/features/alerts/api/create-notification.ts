import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { ALERT_MESSAGES, type CreateNotificationRequest } from '@gowild/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';
import { DELIVERIES_KEY } from './channels';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** POST /api/notifications → 201 { notification, message }. */
export async function createNotification(input: CreateNotificationRequest) {
  return callApi(alertsRoutes.createPrice, {
    body: input,
    action: 'create notification',
    defaultMessage: ALERT_MESSAGES.createFailed,
    prefer: 'error',
  });
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
  });
}

/**
 * The text of a failed alert call: what the server said, else the screen's own default (the alert modal and the
 * notifications page each have one, docs/product/alerts.md). No answer at all also gets the default.
 */
export function alertErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const body = error.body as { error?: unknown; message?: unknown } | undefined;
  const said = [body?.error, body?.message].some((v) => typeof v === 'string' && v.trim() !== '');
  return said ? error.message : fallback;
}
