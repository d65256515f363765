import type { BillingEvent } from './billing.provider';
import { DAY_SECONDS } from './billing.provider';
import { demoInvoice } from './demo-events';
import type { DemoEventMaker } from './demo-events';
import { type DemoCheckoutSession, type DemoStore, type DemoSubscription, DemoBillingError, addInterval } from './demo-records';
import type { PlanId } from '@gowild/contract/billing';

interface DemoCheckoutDeps {
  store: DemoStore;
  event: DemoEventMaker;
  priceCents: (plan: PlanId) => number;
}

/** The demo subscription a checkout session makes: its id is derived from the session's. */
const subscriptionIdOf = (sessionId: string) => `sub_demo_${sessionId.replace(/^cs_demo_/, '')}`;

/**
 * Confirming a demo checkout, as Stripe completes one: a subscription (trialing when the session offers a trial),
 * the session marked complete, and the events Stripe sends for it.
 */
export async function confirmDemoCheckout(
  session: DemoCheckoutSession | undefined,
  now: number,
  deps: DemoCheckoutDeps,
  opts: { withoutTrial?: boolean } = {},
): Promise<{ session: DemoCheckoutSession; events: BillingEvent[] }> {
  const { store, event } = deps;
  if (!session) throw new DemoBillingError('session-missing', 'This demo checkout does not exist.');
  if (session.status === 'open' && session.expiresAt <= now) {
    session.status = 'expired';
    await store.put(session);
  }
  if (session.status !== 'open') throw new DemoBillingError('session-closed', 'This demo checkout is already finished.');
  const trialEnd = session.trialDays > 0 && !opts.withoutTrial ? now + session.trialDays * DAY_SECONDS : null;
  const sub: DemoSubscription = {
    kind: 'subscription',
    // One session, one subscription: the id is the session's, so only the first confirmation can store it.
    id: subscriptionIdOf(session.id),
    customerId: session.customerId,
    userId: session.userId,
    plan: session.plan,
    status: trialEnd ? 'trialing' : 'active',
    created: now,
    trialEnd,
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd ?? addInterval(now, session.plan),
    cancelAtPeriodEnd: false,
    endedAt: null,
    pastDueSince: null,
    trialReminderSent: false,
  };
  if (!(await store.create(sub))) throw new DemoBillingError('session-closed', 'This demo checkout is already finished.');
  session.status = 'complete';
  session.subscriptionId = sub.id;
  await store.put(session);
  const events = [
    event('checkout.session.completed', { sub, checkoutSessionId: session.id, clientReferenceId: session.userId, subscription: null }),
    event('customer.subscription.created', { sub }),
    // Stripe invoices a trial at $0 and a plan without trial at its price, both paid at checkout.
    event('invoice.paid', { sub, invoice: demoInvoice(trialEnd ? 0 : deps.priceCents(sub.plan), 1, null) }),
  ];
  return { session, events };
}
