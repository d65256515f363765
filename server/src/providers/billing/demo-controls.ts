import type { BillingEvent } from './billing.provider';
import { DAY_SECONDS } from './billing.provider';
import { confirmDemoCheckout } from './demo-checkout';
import { playDue } from './demo-clock';
import { type DemoEventMaker, demoInvoice } from './demo-events';
import {
  type DemoBillingControls,
  type DemoBillingOptions,
  type DemoCheckoutSession,
  type DemoSubscription,
  DemoBillingError,
  addInterval,
} from './demo-records';

/** The demo pages' actions and the demo clock (DemoBillingControls), each answering the events Stripe would send. */
export function createDemoControls(opts: DemoBillingOptions & { event: DemoEventMaker }): DemoBillingControls {
  const { store, clock, event } = opts;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function subscriptionsOf(customerId: string): Promise<DemoSubscription[]> {
    const subs = await store.list<DemoSubscription>('subscription', customerId);
    return subs.sort((a, b) => b.created - a.created);
  }

  async function current(customerId: string): Promise<DemoSubscription | undefined> {
    const subs = await subscriptionsOf(customerId);
    return subs.find((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired') ?? subs[0];
  }

  async function live(customerId: string): Promise<DemoSubscription> {
    const sub = await current(customerId);
    if (!sub || !['trialing', 'active', 'past_due'].includes(sub.status)) {
      throw new DemoBillingError('no-subscription', 'There is no demo subscription on this account.');
    }
    return sub;
  }

  const checkoutSession = (id: string) => store.get<DemoCheckoutSession>(id).then((r) => (r?.kind === 'checkout_session' ? r : undefined));

  return {
    checkoutSession,
    confirmCheckout: async (id, confirmOpts) => confirmDemoCheckout(await checkoutSession(id), nowSeconds(), opts, confirmOpts),
    currentSubscription: current,

    async cancelAtPeriodEnd(customerId) {
      const sub = await live(customerId);
      sub.cancelAtPeriodEnd = true;
      await store.put(sub);
      return [event('customer.subscription.updated', { sub })];
    },

    async resume(customerId) {
      const sub = await live(customerId);
      sub.cancelAtPeriodEnd = false;
      await store.put(sub);
      return [event('customer.subscription.updated', { sub })];
    },

    async switchPlan(customerId, plan) {
      const sub = await live(customerId);
      if (sub.plan === plan) throw new DemoBillingError('same-plan', 'The subscription is already on that plan.');
      sub.plan = plan;
      const events: BillingEvent[] = [];
      if (sub.status === 'active') {
        // Outside a trial a new plan starts a new period now and is billed at once (the demo skips proration).
        const now = nowSeconds();
        sub.currentPeriodStart = now;
        sub.currentPeriodEnd = addInterval(now, plan);
        events.push(event('invoice.paid', { sub, invoice: demoInvoice(opts.priceCents(plan), 1, null) }));
      }
      await store.put(sub);
      events.push(event('customer.subscription.updated', { sub }));
      return events;
    },

    async advance(customerId, days, { decline = false } = {}) {
      const shift = Math.round(days * DAY_SECONDS);
      const now = nowSeconds();
      const events: BillingEvent[] = [];
      for (const sub of await subscriptionsOf(customerId)) {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
        sub.created -= shift;
        sub.currentPeriodStart -= shift;
        sub.currentPeriodEnd -= shift;
        if (sub.trialEnd !== null) sub.trialEnd -= shift;
        if (sub.pastDueSince !== null) sub.pastDueSince -= shift;
        events.push(...playDue(sub, now, decline, opts));
        await store.put(sub);
      }
      return events;
    },
  };
}
