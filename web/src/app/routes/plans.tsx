import type { Plan } from '@gowild/contract/config';
import { PageHeader } from '@/app/routes/page-header';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast/toast-store';
import { PlanComparison } from '@/features/plans/components/plan-comparison';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';

/** Until the Billing issue wires checkout, the upgrade says so instead of pretending to charge. */
function upgradeNotReady(plan: Plan) {
  showToast({
    id: 'checkout-coming-soon',
    type: 'info',
    title: 'Checkout coming soon',
    message: `Online checkout for the ${plan.name.toLowerCase()} plan is not open yet. Nothing has been charged and your account stays on the Free plan.`,
  });
}

/** /plans (docs/product/accounts-and-plans.md#plans-page). */
export function PlansRoute() {
  const config = useAppConfig();
  const { isAuthenticated, isPremium } = useAuth();
  const viewer = !isAuthenticated ? 'guest' : isPremium ? 'premium' : 'free';

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="text-center [&>div]:mx-auto [&_p]:mx-auto">
        <PageHeader
          title="Simple plans for every traveller"
          documentTitle="Plans"
          subtitle="Search for free, or go Premium for unlimited searches and every tool."
        />
      </div>
      {config.data ? (
        <PlanComparison config={config.data} viewer={viewer} onUpgrade={upgradeNotReady} />
      ) : config.isError ? (
        <Notice tone="error">Plans could not be loaded. Please reload the page.</Notice>
      ) : (
        <PageSpinner label="Loading plans" />
      )}
    </div>
  );
}
