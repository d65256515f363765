import type { PlanId } from '@gowild/contract/billing';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDemoPortal } from '../api/get-demo-portal';
import { useUpdateDemoPortal } from '../api/update-demo-portal';
import { planLine, pricePerInterval, subscriptionStatusText } from '../utils/subscription-text';
import { DemoBadge } from './demo-badge';
import { inAppPath } from './demo-checkout';

/**
 * The demo billing portal (docs/product/billing.md#demo-checkout): what Stripe's portal would let a subscriber do,
 * offline: cancel at the period's end, resume, switch plan.
 */
export function DemoPortal() {
  const portal = useDemoPortal();
  const update = useUpdateDemoPortal();

  if (portal.isPending) return <PageSpinner label="Loading the demo billing portal" />;
  if (portal.isError) {
    return (
      <Notice
        tone="error"
        size="page"
        title="The demo billing portal could not be loaded"
        action={<ButtonLink to={paths.profile}>Back to profile</ButtonLink>}
      >
        {errorMessage(portal.error, 'Please try again.')}
      </Notice>
    );
  }
  const { subscription: sub, plans, email, return_url: returnUrl } = portal.data;
  const live = sub !== null && sub.is_premium;
  const other = plans.find((p) => p.id !== sub?.plan);
  const act = (action: 'cancel' | 'resume' | PlanId) =>
    update.mutate(action === 'cancel' || action === 'resume' ? { action } : { action: 'switch', plan: action });

  return (
    <section aria-labelledby="demo-portal-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="demo-portal-title" className="text-2xl font-bold text-slate-900">
          Manage subscription
        </h1>
        <DemoBadge>Demo billing portal: no card is charged</DemoBadge>
      </div>
      <p className="mt-2 text-sm text-slate-600">{email}</p>

      {update.isError && (
        <Notice tone="error" className="mt-4">
          {errorMessage(update.error, 'The change could not be made. Please try again.')}
        </Notice>
      )}

      {sub && live ? (
        <div className="mt-6 rounded-xl bg-slate-50 p-4 sm:p-5" data-testid="demo-portal-subscription">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <CrownIcon className="size-5 text-amber-500" />
            {planLine(sub, plans)}
          </p>
          <p className="mt-1 text-sm text-slate-600">{subscriptionStatusText(sub, plans)}</p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {sub.cancel_at_period_end ? (
              <Button onClick={() => act('resume')} isLoading={update.isPending}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="danger" onClick={() => act('cancel')} isLoading={update.isPending}>
                Cancel subscription
              </Button>
            )}
            {other && (
              <Button variant="secondary" onClick={() => act(other.id)} disabled={update.isPending}>
                Switch to {other.name} ({pricePerInterval(other)})
              </Button>
            )}
          </div>
        </div>
      ) : (
        <Notice tone="neutral" className="mt-6" title={sub ? 'Your subscription has ended' : 'No subscription'}>
          {sub ? subscriptionStatusText(sub, plans) : 'There is no demo subscription on this account.'}{' '}
          <Link to={paths.plans} className="font-semibold text-brand-700 underline underline-offset-2">
            See the plans
          </Link>
        </Notice>
      )}

      <div className="mt-6">
        <ButtonLink to={inAppPath(returnUrl)} variant="ghost">
          ← Return to GoWild Finder
        </ButtonLink>
      </div>
    </section>
  );
}
