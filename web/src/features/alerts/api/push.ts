import { pushRoutes } from '@gowild/contract/routes/push';
import { PUSH_MESSAGES, type PushSubscriptionJson } from '@gowild/contract/push';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';

/** The user's subscribed browsers (docs/product/alerts.md#web-push). */
export const PUSH_DEVICES_KEY = ['push-devices'] as const;

/** GET /api/push/public-key: the server's VAPID key, the applicationServerKey a browser subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  const body = await callApi(pushRoutes.publicKey, {
    action: 'turn on push notifications',
    defaultMessage: PUSH_MESSAGES.turnOnFailed,
  });
  return body.public_key;
}

/** POST /api/push/subscriptions: this browser's subscription (premium). */
export async function saveSubscription(subscription: PushSubscriptionJson) {
  const body = await callApi(pushRoutes.subscribe, {
    body: subscription,
    action: 'turn on push notifications',
    defaultMessage: PUSH_MESSAGES.turnOnFailed,
    prefer: 'error',
  });
  return body.device;
}

/** DELETE /api/push/subscriptions: this browser, by its endpoint. A 404 (already removed) is what was wanted. */
export async function forgetSubscription(endpoint: string): Promise<void> {
  try {
    await callApi(pushRoutes.unsubscribe, {
      body: { endpoint },
      action: 'turn off push notifications',
      defaultMessage: PUSH_MESSAGES.turnOffFailed,
      prefer: 'error',
    });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
}

/** DELETE /api/push/subscriptions/{id}: a device from the list. */
export async function removeDevice(id: string): Promise<void> {
  await callApi(pushRoutes.removeDevice, {
    params: { id },
    action: 'remove the device',
    defaultMessage: PUSH_MESSAGES.turnOffFailed,
    prefer: 'error',
  });
}

export const pushDevicesQueryOptions = () =>
  queryOptions({
    queryKey: PUSH_DEVICES_KEY,
    queryFn: async ({ signal }) => {
      const body = await callApi(pushRoutes.devices, { action: 'fetch your devices', prefer: 'error', signal });
      return body.devices;
    },
  });

/** POST /api/push/test: a test notification to each of the user's devices, now. */
export async function sendTestPush() {
  return callApi(pushRoutes.test, { action: 'send a test notification', prefer: 'error' });
}
