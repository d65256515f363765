import type { Plan, PublicConfig } from '@gowild/contract/config';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckIcon, CrownIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatPrice } from '@gowild/contract/money';

type Interval = 'monthly' | 'yearly';

/**
 * What the yearly plan saves against twelve months of the monthly plan at its current price
 * (12 × $5 − $50 = $10 with the default catalogue; see docs/decisions/031). Zero when it saves nothing.
 */
export function yearlySavings(monthly: Plan | undefined, yearly: Plan | undefined): number {
  if (!monthly || !yearly) return 0;
  const saving = Math.round((monthly.price * 12 - yearly.price) * 100) / 100;
  return saving > 0 ? saving : 0;
}

const FREE_FEATURES = (perDay: number) => [
  `${perDay} ${perDay === 1 ? 'search' : 'searches'} per day`,
  'Outbound search from any airport or city',
  'GoWild, Standard and Discount Den fares side by side',
  'Destination weather forecasts',
];

const PREMIUM_FEATURES = [
  'Unlimited searches',
  'Inbound search: every flight into one airport',
  'Single-route and return-flight search',
  'Seats left on every fare',
  'Interactive route map',
  'E-mail flight alerts (SMS coming soon)',
  'Hotel and rental-car search at your destination',
  'Priority support',
];

function FeatureList({ items, tone }: { items: string[]; tone: 'slate' | 'brand' }) {
  return (
    <ul className="mt-6 space-y-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckIcon className={`size-5 shrink-0 ${tone === 'brand' ? 'text-brand-600' : 'text-slate-400'}`} />
          <span className="text-slate-700">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface PlanComparisonProps {
  config: PublicConfig;
  viewer: 'guest' | 'free' | 'premium';
  /** Starts the checkout for the chosen plan. */
  onUpgrade: (plan: Plan) => void;
  upgrading?: boolean;
}

/** Free versus Premium (docs/product/accounts-and-plans.md#plans-page), every figure from the server's /api/config. */
export function PlanComparison({ config, viewer, onUpgrade, upgrading = false }: PlanComparisonProps) {
  const [period, setPeriod] = useState<Interval>('monthly');
  const monthly = config.plans.find((p) => p.id === 'monthly');
  const yearly = config.plans.find((p) => p.id === 'yearly');
  const plan = (period === 'monthly' ? monthly : yearly) ?? monthly ?? yearly;
  const savings = yearlySavings(monthly, yearly);

  return (
    <div>
      <div className="flex justify-center">
        <div role="group" aria-label="Billing period" className="inline-flex rounded-full bg-slate-100 p-1 text-sm font-semibold">
          {(['monthly', 'yearly'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              className={`rounded-full px-5 py-2 transition-colors ${period === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {value === 'monthly' ? 'Monthly' : 'Yearly'}
              {value === 'yearly' && savings > 0 && <span className="ml-1.5 text-xs text-brand-700">save {formatPrice(savings)}</span>}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="free-plan-title"
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="free-plan-title" className="text-lg font-semibold text-slate-900">
            Free
          </h2>
          <p className="mt-1 text-sm text-slate-500">Try the search, no card needed.</p>
          <p className="mt-6 flex items-baseline gap-1">
            <span className="text-4xl font-extrabold tracking-tight text-slate-900">$0</span>
            <span className="text-sm text-slate-500">forever</span>
          </p>
          <FeatureList items={FREE_FEATURES(config.freeSearchesPerDay)} tone="slate" />
          <div className="mt-auto pt-8">
            {viewer === 'guest' && (
              <ButtonLink to={paths.register} variant="secondary" size="lg" className="w-full">
                Get Started
              </ButtonLink>
            )}
            {viewer === 'free' && (
              <p className="rounded-lg bg-slate-50 py-3 text-center text-sm font-semibold text-slate-600">Your current plan</p>
            )}
          </div>
        </section>

        <section
          aria-labelledby="premium-plan-title"
          className="relative flex flex-col rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-lg sm:p-8"
        >
          <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
            Most popular
          </span>
          <h2 id="premium-plan-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CrownIcon className="size-5 text-amber-500" />
            Premium
          </h2>
          <p className="mt-1 text-sm text-slate-500">Every tool, no limits.</p>
          {plan && (
            <div className="mt-6" data-testid="premium-price">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatPrice(plan.price)}</span>
                <span className="text-sm text-slate-500">/{plan.interval}</span>
                {plan.regularPrice > plan.price && (
                  <span className="text-lg text-slate-500 line-through" aria-label={`regular price ${formatPrice(plan.regularPrice)}`}>
                    {formatPrice(plan.regularPrice)}
                  </span>
                )}
              </p>
              <p className="mt-2 text-sm font-medium text-brand-700">
                {plan.trialDays > 0 && `${plan.trialDays}-day free trial`}
                {plan.id === 'yearly' && savings > 0 && `${plan.trialDays > 0 ? ' · ' : ''}save ${formatPrice(savings)} per year`}
              </p>
            </div>
          )}
          <FeatureList items={PREMIUM_FEATURES} tone="brand" />
          <div className="mt-auto space-y-3 pt-8">
            {viewer === 'premium' && (
              <p className="flex items-center justify-center gap-2 rounded-lg bg-brand-50 py-3 text-sm font-semibold text-brand-800">
                <CheckIcon className="size-5" />
                Active Subscription
              </p>
            )}
            {viewer === 'free' && plan && (
              <Button variant="premium" size="lg" className="w-full" onClick={() => onUpgrade(plan)} isLoading={upgrading}>
                Upgrade to Premium
              </Button>
            )}
            {viewer === 'guest' && (
              <>
                <ButtonLink to={paths.register} size="lg" className="w-full">
                  Get Started
                </ButtonLink>
                <p className="text-center text-sm text-slate-600">
                  Already have an account?{' '}
                  <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
                    Sign in
                  </Link>
                </p>
              </>
            )}
          </div>
        </section>
      </div>

      <ul className="mt-10 flex flex-col items-center justify-center gap-x-8 gap-y-2 text-sm text-slate-600 sm:flex-row">
        {['Cancel anytime', '100% money back guarantee', 'No setup fees'].map((claim) => (
          <li key={claim} className="flex items-center gap-2">
            <CheckIcon className="size-4 text-brand-600" />
            {claim}
          </li>
        ))}
      </ul>
    </div>
  );
}
