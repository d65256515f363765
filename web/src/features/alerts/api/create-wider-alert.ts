import { alertsRoutes } from '@gowild/contract/routes/alerts';
import type { SuccessBody } from '@gowild/contract/route';
import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import type { CreateChainAlertRequest, CreateOriginWideAlertRequest, CreateSeatsAlertRequest } from '@gowild/contract/wider-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { DELIVERIES_KEY } from './channels';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** The wider alerts' create calls (docs/product/alerts.md#kinds-of-alert): each answers 201 { notification, message }. */
interface WiderAlertRequests {
  'origin-wide': CreateOriginWideAlertRequest;
  seats: CreateSeatsAlertRequest;
  chain: CreateChainAlertRequest;
}
type NotificationCreated = SuccessBody<typeof alertsRoutes.createChain>;

/** Each kind's call on its own route table entry, written out so its body is checked against that entry's. */
const CREATE: { [K in keyof WiderAlertRequests]: (input: WiderAlertRequests[K]) => Promise<NotificationCreated> } = {
  'origin-wide': (input) => callApi(alertsRoutes.createOriginWide, { body: input, ...createOptions('origin-wide') }),
  seats: (input) => callApi(alertsRoutes.createSeats, { body: input, ...createOptions('seats') }),
  chain: (input) => callApi(alertsRoutes.createChain, { body: input, ...createOptions('chain') }),
};

function createOptions(kind: keyof WiderAlertRequests) {
  return { action: `create ${kind} alert`, defaultMessage: ALERT_MESSAGES.createFailed, prefer: 'error' } as const;
}

export async function createWiderAlert<K extends keyof WiderAlertRequests>(kind: K, input: WiderAlertRequests[K]) {
  return CREATE[kind](input);
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
