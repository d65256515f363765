import {
  CHANNEL_MESSAGES,
  type AlertChannelStatus,
  type AlertDelivery,
  alertChannelsResponseSchema,
  alertDeliveriesResponseSchema,
  channelMessageResponseSchema,
  telegramLinkStartSchema,
} from '@gowild/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The user's channels and their targets (docs/product/alerts.md#channels). */
export const CHANNELS_KEY = ['alert-channels'] as const;
export const DELIVERIES_KEY = ['alert-deliveries'] as const;

export async function getChannels(signal?: AbortSignal): Promise<AlertChannelStatus[]> {
  const body = await apiRequest<unknown>('/alert-channels', {
    action: 'load channels',
    defaultMessage: CHANNEL_MESSAGES.loadFailed,
    prefer: 'error',
    signal,
  });
  return alertChannelsResponseSchema.parse(body).channels;
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
  const body = await apiRequest<unknown>('/alert-deliveries', { action: 'load the delivery history', prefer: 'error', signal });
  return alertDeliveriesResponseSchema.parse(body).deliveries;
}
export const deliveriesQueryOptions = () => queryOptions({ queryKey: DELIVERIES_KEY, queryFn: ({ signal }) => getDeliveries(signal) });

function useChannelMutation<A, R>(call: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY }) });
}

export const useStartTelegramLink = () =>
  useChannelMutation(async () =>
    telegramLinkStartSchema.parse(
      await apiRequest<unknown>('/alert-channels/telegram/link', { method: 'POST', action: 'link Telegram', prefer: 'error' }),
    ),
  );

export const useUnlinkTelegram = () =>
  useChannelMutation(async () =>
    channelMessageResponseSchema.parse(
      await apiRequest<unknown>('/alert-channels/telegram', { method: 'DELETE', action: 'unlink Telegram', prefer: 'error' }),
    ),
  );

export const useSaveDiscord = () =>
  useChannelMutation(async (url: string) =>
    channelMessageResponseSchema.parse(
      await apiRequest<unknown>('/alert-channels/discord', {
        method: 'PUT',
        body: { url },
        action: 'save the Discord webhook',
        prefer: 'error',
      }),
    ),
  );

export const useRemoveDiscord = () =>
  useChannelMutation(async () =>
    channelMessageResponseSchema.parse(
      await apiRequest<unknown>('/alert-channels/discord', { method: 'DELETE', action: 'remove the Discord webhook', prefer: 'error' }),
    ),
  );
