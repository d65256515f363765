import type { SubscriptionSummary } from '@gowild/contract/billing';
import type { Plan } from '@gowild/contract/config';
import { formatDayLong, fromEpochSeconds } from '@gowild/contract/date-labels';
import { formatPrice } from '@gowild/contract/money';

/** 'December 1, 2026', in the reader's zone. */
export function longDate(epochSeconds: number): string {
  return formatDayLong(fromEpochSeconds(epochSeconds)) ?? '';
}

/** '$50/year'. */
export function pricePerInterval(plan: Pick<Plan, 'price' | 'interval'>): string {
  return `${formatPrice(plan.price)}/${plan.interval}`;
}

/** 'Premium · Yearly, $50/year', from the catalogue; the plan's name alone when it is not in the catalogue. */
export function planLine(sub: Pick<SubscriptionSummary, 'plan'>, plans: readonly Plan[]): string {
  const plan = plans.find((p) => p.id === sub.plan);
  return plan ? `Premium · ${plan.name}, ${pricePerInterval(plan)}` : 'Premium';
}

/**
 * What happens next with a subscription (docs/product/billing.md#subscription-states): the trial's end, the next
 * renewal, the end after a cancellation, a failed payment being retried, or when it ended.
 */
export function subscriptionStatusText(sub: SubscriptionSummary, plans: readonly Plan[]): string {
  const plan = plans.find((p) => p.id === sub.plan);
  const then = plan ? `, then ${pricePerInterval(plan)}` : '';
  switch (sub.status) {
    case 'trialing':
      if (!sub.trial_end) return 'Free trial';
      return sub.cancel_at_period_end
        ? `Free trial until ${longDate(sub.trial_end)}; cancelled, so nothing will be charged and Premium ends then`
        : `Free trial until ${longDate(sub.trial_end)}${then}`;
    case 'active':
      if (!sub.current_period_end) return 'Active';
      return sub.cancel_at_period_end
        ? `Cancelled: Premium ends on ${longDate(sub.current_period_end)}`
        : `Renews on ${longDate(sub.current_period_end)}`;
    case 'past_due':
      return 'Payment failed: we are retrying your card and Premium stays on meanwhile. Update your card in Manage Subscription.';
    default:
      return sub.ended_at ? `Ended on ${longDate(sub.ended_at)}` : 'Not active';
  }
}
