import { trialDaysLeft, type User } from '@gowild/contract/auth';
import { BILLING_MESSAGES } from '@gowild/contract/billing';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { createCustomerPortal } from '../api/create-customer-portal';
import { useSubscription } from '../api/get-subscription';
import { browser } from '../hooks/use-upgrade';
import { planLine, subscriptionStatusText } from '../utils/subscription-text';
import { DemoBadge } from './demo-badge';

/** The server's text when it explains the refusal (no customer…), else the spec's alert text. */
export function portalFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message !== BILLING_MESSAGES.portalDefault) {
    return error.message;
  }
  return BILLING_MESSAGES.portalFailed;
}

function ManageSubscriptionButton() {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { portal_url } = await createCustomerPortal();
      browser.assign(portal_url);
    } catch (e) {
      setOpening(false);
      window.alert(portalFailureText(e));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void open()} isLoading={opening}>
      Manage Subscription
    </Button>
  );
}

/**
 * The profile's subscription block (docs/product/accounts-and-plans.md#profile): plan, what happens next (trial end,
 * renewal or end), and 'Manage Subscription' for subscribers or 'Upgrade Now' for everyone else.
 */
export function SubscriptionPanel({ user, onUpgrade, upgrading }: { user: User; onUpgrade: () => void; upgrading: boolean }) {
  const subscription = useSubscription();
  const config = useAppConfig();
  const plans = config.data?.plans ?? [];
  const data = subscription.data;
  const sub = data?.subscription ?? null;
  const trialDays = trialDaysLeft(user);
  const showSub = sub !== null && (sub.is_premium || !user.is_premium);

  const details =
    showSub || data?.premium_granted ? (
      <div className="space-y-2 sm:grid sm:grid-cols-3 sm:gap-4 sm:space-y-0">
        <p className="text-sm font-medium text-slate-500">Subscription</p>
        <div className="space-y-2 sm:col-span-2">
          {showSub && sub && (
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-slate-900" data-testid="subscription-plan">
                {sub.is_premium ? planLine(sub, plans) : 'Previous subscription'}
              </p>
              <p className="text-slate-600" data-testid="subscription-status">
                {subscriptionStatusText(sub, plans)}
                {sub.status === 'trialing' && trialDays > 0 && ` (${trialDays} days left in trial)`}
              </p>
            </div>
          )}
          {data?.premium_granted && (
            <p className="text-sm text-slate-600">
              Premium was given to this account by GoWild Finder support; there is no payment to manage.
            </p>
          )}
          {data?.mode === 'demo' && showSub && <DemoBadge>Demo subscription: no card is charged</DemoBadge>}
        </div>
      </div>
    ) : null;

  return (
    <div className="space-y-4" data-testid="subscription-panel">
      {subscription.isPending ? <Spinner className="size-5" label="Loading your subscription" /> : details}
      <div className="flex flex-wrap gap-3">
        {user.is_premium ? (
          data?.has_customer && <ManageSubscriptionButton />
        ) : (
          <Button variant="premium" onClick={onUpgrade} isLoading={upgrading}>
            <CrownIcon className="size-4" />
            Upgrade Now
          </Button>
        )}
      </div>
    </div>
  );
}
