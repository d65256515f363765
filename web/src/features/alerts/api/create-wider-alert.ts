import { ALERT_MESSAGES, notificationCreatedResponseSchema } from '@gowild/contract/notifications';
import type { CreateChainAlertRequest, CreateOriginWideAlertRequest, CreateSeatsAlertRequest } from '@gowild/contract/wider-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { DELIVERIES_KEY } from './channels';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** The wider alerts' create calls (docs/product/alerts.md#kinds-of-alert): each answers 201 { notification, message }. */
interface WiderAlertRequests {
  'origin-wide': CreateOriginWideAlertRequest;
  seats: CreateSeatsAlertRequest;
  chain: CreateChainAlertRequest;
}

export async function createWiderAlert<K extends keyof WiderAlertRequests>(kind: K, input: WiderAlertRequests[K]) {
  const body = await apiRequest<unknown>(`/notifications/${kind}`, {
    method: 'POST',
    body: input,
    action: `create ${kind} alert`,
    defaultMessage: ALERT_MESSAGES.createFailed,
    prefer: 'error',
  });
  return notificationCreatedResponseSchema.parse(body);
}

export function useCreateWiderAlert<K extends keyof WiderAlertRequests>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WiderAlertRequests[K]) => createWiderAlert(kind, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      await queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
  });
}
