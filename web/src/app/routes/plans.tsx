import { PageHeader } from '@/app/routes/page-header';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { PlanComparison } from '@/features/plans/components/plan-comparison';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';

/** /plans (docs/product/accounts-and-plans.md#plans-page). */
export function PlansRoute() {
  const config = useAppConfig();
  const { isAuthenticated, isPremium } = useAuth();
  const viewer = !isAuthenticated ? 'guest' : isPremium ? 'premium' : 'free';
  // 'Upgrade to Premium' starts the checkout for the plan the toggle shows (docs/product/billing.md#checkout).
  const upgrade = useUpgrade();

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
        <PlanComparison
          config={config.data}
          viewer={viewer}
          onUpgrade={(plan) => void upgrade.start(plan.id)}
          upgrading={upgrade.pending}
        />
      ) : config.isError ? (
        <Notice tone="error">Plans could not be loaded. Please reload the page.</Notice>
      ) : (
        <PageSpinner label="Loading plans" />
      )}
    </div>
  );
}
