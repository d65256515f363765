import type { PlanId, SubscriptionStatus, SubscriptionSummary } from '@gowild/contract/billing';

/** What the entitlement mapping reads from a subscription (our stored copy or the provider's). */
export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus | string;
  plan: PlanId | string | null;
  trialEnd: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  endedAt: number | null;
}

/** What a subscription gives its user (docs/product/billing.md#subscription-states). */
export interface Entitlements {
  isPremium: boolean;
  isTrial: boolean;
  /** Epoch seconds while trialing, else null. */
  trialEnd: number | null;
  plan: PlanId | null;
  /** The next renewal, or the end when cancelling at the period's end; null when not premium. */
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/** trialing and active pay (or will); past_due is kept premium while Stripe retries the card (decision 074). */
const PREMIUM_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due']);

export const FREE: Entitlements = {
  isPremium: false,
  isTrial: false,
  trialEnd: null,
  plan: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
};

const asPlan = (plan: string | null): PlanId | null => (plan === 'monthly' || plan === 'yearly' ? plan : null);

/**
 * The one mapping from a subscription's state to what its user gets. Webhooks, the demo checkout and portal, and
 * the demo clock (`billing:advance`) all end here; nothing else decides premium from billing.
 */
export function entitlementsOf(sub: SubscriptionState | null | undefined): Entitlements {
  if (!sub || !PREMIUM_STATUSES.has(sub.status)) return FREE;
  const trialing = sub.status === 'trialing';
  return {
    isPremium: true,
    isTrial: trialing,
    trialEnd: trialing ? sub.trialEnd : null,
    plan: asPlan(sub.plan),
    periodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
}

/**
 * The subscription that decides a user's entitlements when they have several (two checkouts in two tabs, or a new
 * one after a cancelled one): one that gives premium, the one lasting longest; else the most recent.
 */
export function decidingSubscription<T extends SubscriptionState>(subs: readonly T[]): T | null {
  const premium = subs.filter((s) => PREMIUM_STATUSES.has(s.status));
  const pool = premium.length > 0 ? premium : subs;
  let best: T | null = null;
  for (const s of pool) {
    const end = s.currentPeriodEnd ?? s.endedAt ?? 0;
    const bestEnd = best ? (best.currentPeriodEnd ?? best.endedAt ?? 0) : -1;
    if (!best || end > bestEnd || (end === bestEnd && s.id > best.id)) best = s;
  }
  return best;
}

/** A user's entitlements from all their subscriptions. */
export function userEntitlements(subs: readonly SubscriptionState[]): Entitlements {
  return entitlementsOf(decidingSubscription(subs));
}

/** The profile's view of a subscription. */
export function summarize(sub: SubscriptionState): SubscriptionSummary {
  const status = sub.status as SubscriptionStatus;
  return {
    status,
    plan: asPlan(sub.plan),
    is_premium: PREMIUM_STATUSES.has(status),
    trial_end: sub.trialEnd,
    current_period_end: sub.currentPeriodEnd,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    ended_at: sub.endedAt,
  };
}
