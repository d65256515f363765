import { BILLING_MESSAGES, type PortalResponse } from '@gowild/contract/billing';
import { apiRequest } from '@/lib/api-client';

/** POST /stripe/customer-portal → { portal_url }; the caller sends the browser there. */
export function createCustomerPortal(): Promise<PortalResponse> {
  return apiRequest<PortalResponse>('/stripe/customer-portal', {
    method: 'POST',
    action: 'open subscription management',
    defaultMessage: BILLING_MESSAGES.portalDefault,
    prefer: 'error',
  });
}
