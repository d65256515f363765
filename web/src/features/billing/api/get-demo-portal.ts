import type { DemoPortal } from '@gowild/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /stripe/demo/portal → the demo billing portal's view of the user's subscription. */
export function getDemoPortal(): Promise<DemoPortal> {
  return apiRequest<DemoPortal>('/stripe/demo/portal', {
    action: 'load the demo billing portal',
    defaultMessage: 'Failed to load the demo billing portal',
    prefer: 'error',
  });
}

export const demoPortalQueryOptions = () => queryOptions({ queryKey: ['demo-portal'], queryFn: getDemoPortal, retry: false });

export function useDemoPortal() {
  return useQuery(demoPortalQueryOptions());
}
