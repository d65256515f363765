import { billingRoutes } from '@gowild/contract/routes/billing';
import type { DemoPortal } from '@gowild/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** GET /stripe/demo/portal → the demo billing portal's view of the user's subscription. */
export function getDemoPortal(): Promise<DemoPortal> {
  return callApi(billingRoutes.demoPortal, {
    action: 'load the demo billing portal',
    defaultMessage: 'Failed to load the demo billing portal',
    prefer: 'error',
  });
}

export const demoPortalQueryOptions = () => queryOptions({ queryKey: ['demo-portal'], queryFn: getDemoPortal, retry: false });

export function useDemoPortal() {
  return useQuery(demoPortalQueryOptions());
}
