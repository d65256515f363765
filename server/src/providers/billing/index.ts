import type { PlanId } from '@gowild/contract/billing';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { BillingProvider } from './billing.provider';
import { type DemoBillingProvider, type DemoStore, createDemoBillingProvider } from './demo';
import { POLICY_SETTINGS } from '../../lib/upstream/policy-settings';
import { createStripeBillingProvider } from './stripe';

/** The catalogue price of a plan in cents (the demo's invoices; Stripe has its own prices). */
export function planPriceCents(config: Pick<Config, 'PLAN_MONTHLY_PRICE' | 'PLAN_YEARLY_PRICE'>, plan: PlanId): number {
  return Math.round((plan === 'monthly' ? config.PLAN_MONTHLY_PRICE : config.PLAN_YEARLY_PRICE) * 100);
}

/** Stripe when STRIPE_SECRET_KEY is set (config then requires the webhook secret and both prices); else the demo. */
export function createBillingProvider(config: Config, deps: { clock: Clock; demoStore: DemoStore }): BillingProvider | DemoBillingProvider {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeBillingProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      prices: { monthly: config.STRIPE_PRICE_MONTHLY ?? '', yearly: config.STRIPE_PRICE_YEARLY ?? '' },
      apiBase: config.STRIPE_API_BASE,
      timeoutMs: POLICY_SETTINGS.stripe.timeoutMs,
      maxNetworkRetries: POLICY_SETTINGS.stripe.retries,
    });
  }
  return createDemoBillingProvider({ store: deps.demoStore, clock: deps.clock, priceCents: (plan) => planPriceCents(config, plan) });
}
