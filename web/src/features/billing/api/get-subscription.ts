import { billingRoutes } from '@gowild/contract/routes/billing';
import type { SubscriptionResponse } from '@gowild/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuth } from '@/lib/auth/auth-context';

/** GET /stripe/subscription → the signed-in user's subscription as the profile shows it. */
export function getSubscription(): Promise<SubscriptionResponse> {
  return callApi(billingRoutes.subscription, {
    action: 'load your subscription',
    defaultMessage: 'Failed to load your subscription',
    prefer: 'error',
  });
}

export const subscriptionQueryKey = ['billing-subscription'] as const;

export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...subscriptionQueryKey, userId], queryFn: getSubscription, staleTime: 10_000 });

/** Keyed by user, so one account never sees another's subscription. */
export function useSubscription() {
  const { user } = useAuth();
  return useQuery({ ...subscriptionQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
