import { billingRoutes } from '@gowild/contract/routes/billing';
import { BILLING_MESSAGES, type PortalResponse } from '@gowild/contract/billing';
import { callApi } from '@/lib/call-api';

/** POST /stripe/customer-portal → { portal_url }; the caller sends the browser there. */
export function createCustomerPortal(): Promise<PortalResponse> {
  return callApi(billingRoutes.portal, {
    action: 'open subscription management',
    defaultMessage: BILLING_MESSAGES.portalDefault,
    prefer: 'error',
  });
}
