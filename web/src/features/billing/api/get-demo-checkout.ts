import { billingRoutes } from '@gowild/contract/routes/billing';
import type { DemoCheckout } from '@gowild/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** GET /stripe/demo/checkout/:id → what the demo checkout page shows. */
export function getDemoCheckout(sessionId: string): Promise<DemoCheckout> {
  return callApi(billingRoutes.demoCheckout, {
    params: { id: sessionId },
    action: 'load the demo checkout',
    defaultMessage: 'Failed to load the demo checkout',
    prefer: 'error',
  });
}

export function useDemoCheckout(sessionId: string | null) {
  return useQuery({
    queryKey: ['demo-checkout', sessionId],
    queryFn: () => getDemoCheckout(sessionId ?? ''),
    enabled: Boolean(sessionId),
    retry: false,
  });
}
