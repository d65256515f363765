import { billingRoutes } from '@gowild/contract/routes/billing';
import { BILLING_MESSAGES } from '@gowild/contract/billing';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** POST /stripe/demo/checkout/:id/confirm → { redirect_url }: the demo's "payment", which charges nothing. */
export function confirmDemoCheckout(sessionId: string): Promise<{ redirect_url: string }> {
  return callApi(billingRoutes.confirmDemoCheckout, {
    params: { id: sessionId },
    action: 'confirm the demo checkout',
    defaultMessage: BILLING_MESSAGES.checkoutDefault,
    prefer: 'error',
  });
}

export function useConfirmDemoCheckout() {
  return useMutation({ mutationFn: confirmDemoCheckout });
}
