import { billingRoutes } from '@gowild/contract/routes/billing';
import { BILLING_MESSAGES, type CheckoutResponse, type PlanId } from '@gowild/contract/billing';
import { callApi } from '@/lib/call-api';

/** POST /stripe/create-checkout-session { plan_type } → { checkout_url }; the caller sends the browser there. */
export function createCheckoutSession(plan: PlanId = 'monthly'): Promise<CheckoutResponse> {
  return callApi(billingRoutes.checkout, {
    body: { plan_type: plan },
    action: 'start the checkout',
    defaultMessage: BILLING_MESSAGES.checkoutDefault,
    prefer: 'error',
  });
}
