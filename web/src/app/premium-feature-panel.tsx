import { ButtonLink } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { formatPrice } from '@gowild/contract/money';

/**
 * What a signed-in non-premium user sees on a premium-only page (docs/product/accounts-and-plans.md#route-guards).
 * A page with a pitch of its own (the route map) sells itself, with the catalogue's monthly price on the button.
 * 'Upgrade to Premium' leads to /profile, where the account's plan and its 'Upgrade Now' are, rather than charging
 * from a page the user reached looking for something else.
 */
export function PremiumFeaturePanel({ pitch }: { pitch?: string }) {
  const monthly = useAppConfig().data?.plans.find((p) => p.id === 'monthly');
  return (
    <section aria-labelledby="premium-feature-title" className="mx-auto max-w-lg px-4 py-16 text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-500">
        <CrownIcon className="size-7" />
      </div>
      <h1 id="premium-feature-title" className="text-2xl font-bold text-slate-900">
        Premium Feature
      </h1>
      <p className="mt-3 text-slate-600">
        {pitch ??
          'This feature is exclusive to premium members. Upgrade to unlock flight notifications and enhanced filtering, along with unlimited searches and every other premium tool.'}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={paths.profile} variant="premium" size="lg">
          {pitch && monthly ? `Upgrade to Premium - ${formatPrice(monthly.price)}/month` : 'Upgrade to Premium'}
        </ButtonLink>
        <ButtonLink to={paths.home} variant="secondary" size="lg">
          Back to Search
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * A premium panel's place for a user without premium (docs/product/destination-extras.md#who-may-use-them): what the
 * panel would show, the monthly price from the plan catalogue, and the way to upgrade.
 */
export function PremiumTeaser({ title, description, monthlyPrice }: { title: string; description: string; monthlyPrice?: number }) {
  return (
    <section
      aria-label={`${title} (Premium feature)`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-amber-300 bg-amber-50 px-4 py-3"
      data-testid="premium-teaser"
    >
      <div className="min-w-0">
        <h3 className="flex items-center gap-1.5 text-sm font-bold text-amber-950">
          <CrownIcon className="size-4 text-amber-500" /> {title}
        </h3>
        <p className="text-sm text-amber-900">{description}</p>
      </div>
      <ButtonLink to={paths.plans} variant="premium" size="sm">
        {monthlyPrice !== undefined ? `Upgrade to Premium - $${monthlyPrice}/month` : 'Upgrade to Premium'}
      </ButtonLink>
    </section>
  );
}
