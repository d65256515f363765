import type { Clock } from '../../lib/clock';
import type { BillingEvent, ProviderInvoice, ProviderSubscription } from './billing.provider';
import { type DemoSubscription, newId } from './demo-records';

export function toProviderSubscription(sub: DemoSubscription): ProviderSubscription {
  return {
    id: sub.id,
    customerId: sub.customerId,
    status: sub.status,
    plan: sub.plan,
    trialEnd: sub.trialEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    endedAt: sub.endedAt,
    userId: sub.userId,
  };
}

export const demoInvoice = (amountDue: number, attemptCount: number, next: number | null): ProviderInvoice => ({
  amountDue,
  currency: 'usd',
  attemptCount,
  nextPaymentAttempt: next,
});

/** Makes the events Stripe would send, dated on the app clock. */
export type DemoEventMaker = (type: string, fields: Partial<BillingEvent> & { sub?: DemoSubscription }) => BillingEvent;

export function demoEventMaker(clock: Clock): DemoEventMaker {
  return (type, fields) => {
    const { sub, ...rest } = fields;
    return {
      id: newId('evt'),
      type,
      created: Math.floor(clock.now().getTime() / 1000),
      subscriptionId: sub?.id ?? null,
      customerId: sub?.customerId ?? null,
      checkoutSessionId: null,
      clientReferenceId: null,
      invoice: null,
      subscription: sub ? toProviderSubscription(sub) : null,
      ...rest,
    };
  };
}
