import { alertsRoutes } from '@gowild/contract/routes/alerts';
import { CHANNEL_MESSAGES, type AlertChannelStatus, type AlertDelivery } from '@gowild/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The user's channels and their targets (docs/product/alerts.md#channels). */
export const CHANNELS_KEY = ['alert-channels'] as const;
export const DELIVERIES_KEY = ['alert-deliveries'] as const;

export async function getChannels(signal?: AbortSignal): Promise<AlertChannelStatus[]> {
  const body = await callApi(alertsRoutes.channels, {
    action: 'load channels',
    defaultMessage: CHANNEL_MESSAGES.loadFailed,
    prefer: 'error',
    signal,
  });
  return body.channels;
}

/** While a Telegram link waits for the bot's update, the list is asked again every few seconds. */
export const channelsQueryOptions = (waitingForTelegram = false) =>
  queryOptions({
    queryKey: CHANNELS_KEY,
    queryFn: ({ signal }) => getChannels(signal),
    refetchInterval: waitingForTelegram ? 3000 : false,
  });

/** The delivery history of the user's alerts, newest first. */
export async function getDeliveries(signal?: AbortSignal): Promise<AlertDelivery[]> {
  const body = await callApi(alertsRoutes.deliveries, { action: 'load the delivery history', prefer: 'error', signal });
  return body.deliveries;
}
export const deliveriesQueryOptions = () => queryOptions({ queryKey: DELIVERIES_KEY, queryFn: ({ signal }) => getDeliveries(signal) });

function useChannelMutation<A, R>(call: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }) });
}

export const useStartTelegramLink = () =>
  useChannelMutation(() => callApi(alertsRoutes.startTelegramLink, { action: 'link Telegram', prefer: 'error' }));

export const useUnlinkTelegram = () =>
  useChannelMutation(() => callApi(alertsRoutes.unlinkTelegram, { action: 'unlink Telegram', prefer: 'error' }));

export const useSaveDiscord = () =>
  useChannelMutation((url: string) =>
    callApi(alertsRoutes.saveDiscord, { body: { url }, action: 'save the Discord webhook', prefer: 'error' }),
  );

export const useRemoveDiscord = () =>
  useChannelMutation(() => callApi(alertsRoutes.removeDiscord, { action: 'remove the Discord webhook', prefer: 'error' }));
