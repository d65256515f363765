import type { PlanId, SubscriptionStatus } from '@gowild/contract/billing';
import { subscriptionStatusSchema } from '@gowild/contract/billing';
import type Stripe from 'stripe';
import {
  type BillingEvent,
  BillingEventError,
  type ProviderCheckoutSession,
  type ProviderInvoice,
  type ProviderSubscription,
} from './billing.provider';

type Expandable<T extends { id: string }> = string | T | null | undefined;
const idOf = <T extends { id: string }>(value: Expandable<T>): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** Stripe's objects as ours: the price ids tell the catalogue plan (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
export function createStripeMapping(prices: Record<PlanId, string>) {
  const planOfPrice = new Map<string, PlanId>([
    [prices.monthly, 'monthly'],
    [prices.yearly, 'yearly'],
  ]);

  function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const items = sub.items?.data ?? [];
    const periodEnds = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
    const priceId = items[0]?.price?.id;
    const status = subscriptionStatusSchema.safeParse(sub.status);
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      // A status Stripe adds later is treated as not paying until we know better.
      status: status.success ? status.data : ('incomplete' satisfies SubscriptionStatus),
      plan: (priceId && planOfPrice.get(priceId)) || null,
      trialEnd: sub.trial_end ?? null,
      currentPeriodEnd: periodEnds.length > 0 ? Math.max(...periodEnds) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      endedAt: sub.ended_at ?? null,
      userId: sub.metadata?.user_id ?? null,
    };
  }

  function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
    return {
      amountDue: invoice.amount_due ?? 0,
      currency: invoice.currency ?? 'usd',
      attemptCount: invoice.attempt_count ?? 0,
      nextPaymentAttempt: invoice.next_payment_attempt ?? null,
    };
  }

  function toEvent(event: Stripe.Event): BillingEvent {
    const base: BillingEvent = {
      id: event.id,
      type: event.type,
      created: event.created,
      subscriptionId: null,
      customerId: null,
      checkoutSessionId: null,
      clientReferenceId: null,
      invoice: null,
      subscription: null,
    };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        return {
          ...base,
          checkoutSessionId: session.id,
          subscriptionId: idOf(session.subscription),
          customerId: idOf(session.customer),
          clientReferenceId: session.client_reference_id ?? null,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.trial_will_end': {
        const sub = event.data.object;
        return { ...base, subscriptionId: sub.id, customerId: idOf(sub.customer), subscription: toSubscription(sub) };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        return {
          ...base,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
          invoice: toInvoice(invoice),
        };
      }
      default:
        return base;
    }
  }
  function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
    return {
      id: session.id,
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
      clientReferenceId: session.client_reference_id ?? null,
    };
  }

  return { toSubscription, toEvent, toCheckoutSession };
}

/**
 * A signed event still has to have the parts every Stripe event has; one without them is refused with a 400 rather
 * than failing inside the handler (a 500 that Stripe would retry for days).
 */
export function checkedEvent(event: unknown): Stripe.Event {
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e.id !== 'string' || typeof e.type !== 'string' || typeof e.data?.object !== 'object' || e.data.object === null) {
    throw new BillingEventError('The event has no id, type or data.object');
  }
  if (typeof e.created !== 'number') throw new BillingEventError('The event has no creation time');
  return event as Stripe.Event;
}
