import { billingRoutes } from '@gowild/contract/routes/billing';
import type { DemoPortal, DemoPortalAction } from '@gowild/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { useAuthStore } from '@/lib/auth/auth-context';
import { demoPortalQueryOptions } from './get-demo-portal';
import { subscriptionQueryKey } from './get-subscription';

/** POST /stripe/demo/portal { action } → the portal's new view (cancel at period end, resume, switch plan). */
export function updateDemoPortal(action: DemoPortalAction): Promise<DemoPortal> {
  return callApi(billingRoutes.demoPortalAction, {
    body: action,
    action: 'change the demo subscription',
    defaultMessage: 'Failed to change the demo subscription',
    prefer: 'error',
  });
}

/** Applies an action, then refreshes what depends on the subscription: the portal, the profile and the user. */
export function useUpdateDemoPortal() {
  const queryClient = useQueryClient();
  const auth = useAuthStore();
  return useMutation({
    mutationFn: updateDemoPortal,
    onSuccess: async (portal) => {
      queryClient.setQueryData(demoPortalQueryOptions().queryKey, portal);
      await Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }), auth.refreshUser()]);
    },
  });
}
