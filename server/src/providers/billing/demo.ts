import { createHash } from 'node:crypto';
import { BillingSignatureError, type CheckoutRequest } from './billing.provider';
import { createDemoControls } from './demo-controls';
import { demoEventMaker, toProviderSubscription } from './demo-events';
import {
  type DemoBillingOptions,
  type DemoBillingProvider,
  type DemoCheckoutSession,
  type DemoCustomer,
  type DemoSubscription,
  SESSION_TTL_SECONDS,
  addInterval,
} from './demo-records';

export * from './demo-records';

/**
 * The offline default: a demo that plays Stripe's part. It keeps customers, checkout sessions and subscriptions
 * (through a store the billing module gives it, so the server and the CLI share them), charges nothing, and answers
 * every change with the events Stripe would send, which the billing module handles exactly as it handles Stripe's.
 * Its pages' actions and its clock are in demo-controls.ts, the clock's rules in demo-clock.ts.
 */
export function createDemoBillingProvider(opts: DemoBillingOptions): DemoBillingProvider {
  const { store, clock } = opts;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  return {
    mode: 'demo',
    demo: createDemoControls({ ...opts, event: demoEventMaker(clock) }),
    async createCustomer({ userId, email, name }) {
      // One customer per user, as Stripe's idempotency key gives: the id is derived from the user.
      const id = `cus_demo_${userId.replace(/-/g, '')}`;
      const existing = await store.get<DemoCustomer>(id);
      if (!existing) await store.put({ kind: 'customer', id, customerId: id, userId, email, name });
      return id;
    },
    async createCheckoutSession(input: CheckoutRequest) {
      const now = nowSeconds();
      // The id is derived from the idempotency key and stored only if absent, so one key makes one session, across
      // processes, as Stripe's keys do.
      const id = `cs_demo_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 24)}`;
      const session: DemoCheckoutSession = {
        kind: 'checkout_session',
        id,
        customerId: input.customerId,
        userId: input.userId,
        plan: input.plan,
        trialDays: input.trialDays,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        created: now,
        expiresAt: now + SESSION_TTL_SECONDS,
        subscriptionId: null,
      };
      const kept = (await store.create(session)) ? session : ((await store.get<DemoCheckoutSession>(id)) ?? session);
      // A path of this app, so the demo works whatever host the browser reached it by.
      return { id: kept.id, url: `/billing/demo-checkout?session=${encodeURIComponent(kept.id)}`, expiresAt: kept.expiresAt };
    },
    async createPortalSession() {
      return { url: '/billing/demo-portal' };
    },
    async retrieveCheckoutSession(id) {
      const session = await store.get<DemoCheckoutSession>(id);
      if (session?.kind !== 'checkout_session') return null;
      const status = session.status === 'open' && session.expiresAt <= nowSeconds() ? 'expired' : session.status;
      return { id, status, customerId: session.customerId, subscriptionId: session.subscriptionId, clientReferenceId: session.userId };
    },
    async endTrialNow(subscriptionId) {
      const sub = await store.get<DemoSubscription>(subscriptionId);
      if (sub?.kind !== 'subscription' || sub.status !== 'trialing') return;
      // As Stripe's `trial_end: now`: the trial ends, the first period starts and is billed (nothing, in the demo).
      const now = nowSeconds();
      Object.assign(sub, { status: 'active', trialEnd: now, currentPeriodStart: now, currentPeriodEnd: addInterval(now, sub.plan) });
      await store.put(sub);
    },
    async retrieveSubscription(id) {
      const sub = await store.get<DemoSubscription>(id);
      return sub?.kind === 'subscription' ? toProviderSubscription(sub) : null;
    },
    parseWebhook() {
      // The demo delivers its events in-process; nothing from outside is a demo event.
      throw new BillingSignatureError('Billing runs as a demo: there are no Stripe webhooks to verify');
    },
  };
}
