import { BILLING_MESSAGES, type CheckoutResponse, type PlanId } from '@gowild/contract/billing';
import { apiRequest } from '@/lib/api-client';

/** POST /stripe/create-checkout-session { plan_type } → { checkout_url }; the caller sends the browser there. */
export function createCheckoutSession(plan: PlanId = 'monthly'): Promise<CheckoutResponse> {
  return apiRequest<CheckoutResponse>('/stripe/create-checkout-session', {
    method: 'POST',
    body: { plan_type: plan },
    action: 'start the checkout',
    defaultMessage: BILLING_MESSAGES.checkoutDefault,
    prefer: 'error',
  });
}
