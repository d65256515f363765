import { BILLING_MESSAGES, type PlanId } from '@gowild/contract/billing';
import { useCallback, useState } from 'react';
import { showToast } from '@/components/ui/toast/toast-store';
import { ApiError } from '@/lib/api-client';

function upgradeFailed(message: string) {
  showToast({ id: 'upgrade-failed', type: 'error', title: BILLING_MESSAGES.upgradeFailedTitle, message });
}

/** The server's own text for a refusal it explains (409 already premium…); the spec's text for anything else. */
export function checkoutFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return BILLING_MESSAGES.upgradeFailed;
  const explained = error.status >= 400 && error.status < 500 && error.message !== BILLING_MESSAGES.checkoutDefault;
  return explained ? error.message : BILLING_MESSAGES.checkoutFailed;
}

/** Where the browser goes: a full load, since Stripe's checkout (or the demo's page) is a page of its own. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Starts a checkout for `plan` and sends the browser to it (docs/product/billing.md#checkout). The checkout code is
 * loaded on demand, so pages that only show an Upgrade button do not carry it. True when the browser is on its way.
 */
export async function startUpgrade(plan: PlanId = 'monthly'): Promise<boolean> {
  let api: typeof import('../api/create-checkout-session');
  try {
    api = await import('../api/create-checkout-session');
  } catch {
    upgradeFailed(BILLING_MESSAGES.upgradeLoadFailed);
    return false;
  }
  try {
    const { checkout_url } = await api.createCheckoutSession(plan);
    browser.assign(checkout_url);
    return true;
  } catch (e) {
    upgradeFailed(checkoutFailureText(e));
    return false;
  }
}

/** startUpgrade with a pending flag for the button that started it (it stays pending while the browser leaves). */
export function useUpgrade() {
  const [pending, setPending] = useState(false);
  const start = useCallback(async (plan: PlanId = 'monthly') => {
    setPending(true);
    if (!(await startUpgrade(plan))) setPending(false);
  }, []);
  return { start, pending };
}
