import type { DemoCheckout } from '@gowild/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /stripe/demo/checkout/:id → what the demo checkout page shows. */
export function getDemoCheckout(sessionId: string): Promise<DemoCheckout> {
  return apiRequest<DemoCheckout>(`/stripe/demo/checkout/${encodeURIComponent(sessionId)}`, {
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
