import { randomBytes } from 'node:crypto';
import type { PlanId, SubscriptionStatus } from '@gowild/contract/billing';
import type { Clock } from '../../lib/clock';
import {
  type BillingEvent,
  type BillingProvider,
  BillingSignatureError,
  type CheckoutRequest,
  DAY_SECONDS,
  type ProviderInvoice,
  type ProviderSubscription,
} from './billing.provider';

/**
 * The offline default: a demo that plays Stripe's part. It keeps customers, checkout sessions and subscriptions
 * (through a store the billing module gives it, so the server and the CLI share them), charges nothing, and answers
 * every change with the events Stripe would send, which the billing module handles exactly as it handles Stripe's.
 */

/** Where the demo keeps its records (the billing module stores them in the database). */
export interface DemoStore {
  get<T extends DemoRecord>(id: string): Promise<T | undefined>;
  put(record: DemoRecord): Promise<void>;
  list<T extends DemoRecord>(kind: T['kind'], customerId: string): Promise<T[]>;
}

interface DemoCustomer {
  kind: 'customer';
  id: string;
  customerId: string;
  userId: string;
  email: string;
  name: string;
}

export interface DemoCheckoutSession {
  kind: 'checkout_session';
  id: string;
  customerId: string;
  userId: string;
  plan: PlanId;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  /** Epoch seconds. */
  created: number;
  expiresAt: number;
  subscriptionId: string | null;
}

export interface DemoSubscription {
  kind: 'subscription';
  id: string;
  customerId: string;
  userId: string;
  plan: PlanId;
  status: SubscriptionStatus;
  created: number;
  trialEnd: number | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  endedAt: number | null;
  /** When the first failed payment of the current run of failures was (past_due), for the retry window. */
  pastDueSince: number | null;
  /** The trial reminder (trial_will_end) was sent for this trial. */
  trialReminderSent: boolean;
}

export type DemoRecord = DemoCustomer | DemoCheckoutSession | DemoSubscription;

/** As Stripe: trial_will_end three days before the trial ends. */
export const DEMO_TRIAL_REMINDER_DAYS = 3;
/** How long the demo keeps retrying a failed renewal (as past_due) before it cancels, like Stripe's default retries. */
export const DEMO_RETRY_DAYS = 14;
/** A checkout session lasts a day, as Stripe's do. */
const SESSION_TTL_SECONDS = DAY_SECONDS;
/** The demo's price ids, so events and records look like Stripe's. */
const PLAN_INTERVAL: Record<PlanId, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

/** A problem with a demo request the user can act on (wrong session, nothing to cancel…); the module answers 4xx. */
export class DemoBillingError extends Error {
  constructor(
    readonly reason: 'session-missing' | 'session-closed' | 'no-subscription' | 'same-plan',
    message: string,
  ) {
    super(message);
    this.name = 'DemoBillingError';
  }
}

const newId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('base64url')}`;

/** `at` moved by whole calendar months in UTC (Jan 31 + 1 month = the last day of February, as Stripe bills). */
export function addInterval(at: number, plan: PlanId, count = 1): number {
  const d = new Date(at * 1000);
  const months = PLAN_INTERVAL[plan] === 'month' ? count : count * 12;
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export interface DemoBillingOptions {
  store: DemoStore;
  clock: Clock;
  /** What a plan costs, in cents, for the demo's invoices. */
  priceCents: (plan: PlanId) => number;
}

/** What the demo adds to the provider: the pages' actions and the demo clock. Each answers the events Stripe would send. */
export interface DemoBillingControls {
  checkoutSession(id: string): Promise<DemoCheckoutSession | undefined>;
  confirmCheckout(id: string): Promise<{ session: DemoCheckoutSession; events: BillingEvent[] }>;
  /** The customer's subscription that counts: the newest one not yet ended, else the newest. */
  currentSubscription(customerId: string): Promise<DemoSubscription | undefined>;
  cancelAtPeriodEnd(customerId: string): Promise<BillingEvent[]>;
  resume(customerId: string): Promise<BillingEvent[]>;
  switchPlan(customerId: string, plan: PlanId): Promise<BillingEvent[]>;
  /**
   * Moves the customer's demo subscriptions `days` into their future (their dates shift back, the app clock stays),
   * then plays what falls due: the trial reminder, the trial's end, renewals, cancellation at the period's end, and
   * with `decline` failed payments (past_due, cancelled after DEMO_RETRY_DAYS).
   */
  advance(customerId: string, days: number, opts?: { decline?: boolean }): Promise<BillingEvent[]>;
}

export type DemoBillingProvider = BillingProvider & { readonly demo: DemoBillingControls };

export function createDemoBillingProvider(opts: DemoBillingOptions): DemoBillingProvider {
  const { store, clock } = opts;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function toProvider(sub: DemoSubscription): ProviderSubscription {
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

  function event(type: string, fields: Partial<BillingEvent> & { sub?: DemoSubscription }): BillingEvent {
    const { sub, ...rest } = fields;
    return {
      id: newId('evt'),
      type,
      created: nowSeconds(),
      subscriptionId: sub?.id ?? null,
      customerId: sub?.customerId ?? null,
      clientReferenceId: null,
      invoice: null,
      subscription: sub ? toProvider(sub) : null,
      ...rest,
    };
  }

  const invoice = (sub: DemoSubscription, amountDue: number, attemptCount: number, next: number | null): ProviderInvoice => ({
    amountDue,
    currency: 'usd',
    attemptCount,
    nextPaymentAttempt: next,
  });

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

  /** Plays what is due on one subscription at `now`, in order, and says what Stripe would have sent. */
  function playDue(sub: DemoSubscription, now: number, decline: boolean): BillingEvent[] {
    const events: BillingEvent[] = [];
    const price = opts.priceCents(sub.plan);
    /** A trial or a paid period ends at `end`: cancelled at its end, or the next period billed (paid or declined). */
    const endPeriod = (end: number): 'ended' | 'renewed' => {
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        sub.endedAt = end;
        events.push(event('customer.subscription.deleted', { sub }));
        return 'ended';
      }
      sub.currentPeriodStart = end;
      sub.currentPeriodEnd = addInterval(end, sub.plan);
      if (decline) {
        sub.status = 'past_due';
        sub.pastDueSince = end;
        events.push(event('invoice.payment_failed', { sub, invoice: invoice(sub, price, 1, end + 3 * DAY_SECONDS) }));
      } else {
        sub.status = 'active';
        events.push(event('invoice.paid', { sub, invoice: invoice(sub, price, 1, null) }));
      }
      events.push(event('customer.subscription.updated', { sub }));
      return 'renewed';
    };
    for (let guard = 0; guard < 1000; guard += 1) {
      if (sub.status === 'trialing' && sub.trialEnd !== null) {
        if (!sub.trialReminderSent && !sub.cancelAtPeriodEnd && sub.trialEnd - DEMO_TRIAL_REMINDER_DAYS * DAY_SECONDS <= now) {
          sub.trialReminderSent = true;
          events.push(event('customer.subscription.trial_will_end', { sub }));
          continue;
        }
        if (sub.trialEnd > now) break;
        if (endPeriod(sub.trialEnd) === 'ended') break;
        continue;
      }
      if (sub.status === 'past_due') {
        const since = sub.pastDueSince ?? sub.currentPeriodStart;
        if (!decline) {
          // The demo retries the card whenever its clock moves; this time it goes through.
          sub.status = 'active';
          sub.pastDueSince = null;
          events.push(event('invoice.paid', { sub, invoice: invoice(sub, price, 2, null) }));
          events.push(event('customer.subscription.updated', { sub }));
          continue;
        }
        if (since + DEMO_RETRY_DAYS * DAY_SECONDS <= now) {
          sub.status = 'canceled';
          sub.endedAt = since + DEMO_RETRY_DAYS * DAY_SECONDS;
          events.push(event('customer.subscription.deleted', { sub }));
        }
        break;
      }
      if (sub.status === 'active') {
        if (sub.currentPeriodEnd > now) break;
        if (endPeriod(sub.currentPeriodEnd) === 'ended') break;
        continue;
      }
      break;
    }
    return events;
  }

  const demo: DemoBillingControls = {
    checkoutSession: (id) => store.get<DemoCheckoutSession>(id).then((r) => (r?.kind === 'checkout_session' ? r : undefined)),

    async confirmCheckout(id) {
      const session = await demo.checkoutSession(id);
      if (!session) throw new DemoBillingError('session-missing', 'This demo checkout does not exist.');
      const now = nowSeconds();
      if (session.status === 'open' && session.expiresAt <= now) {
        session.status = 'expired';
        await store.put(session);
      }
      if (session.status !== 'open') throw new DemoBillingError('session-closed', 'This demo checkout is already finished.');
      const trialEnd = session.trialDays > 0 ? now + session.trialDays * DAY_SECONDS : null;
      const sub: DemoSubscription = {
        kind: 'subscription',
        id: newId('sub'),
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
      session.status = 'complete';
      session.subscriptionId = sub.id;
      await store.put(sub);
      await store.put(session);
      const events = [
        event('checkout.session.completed', { sub, clientReferenceId: session.userId, subscription: null }),
        event('customer.subscription.created', { sub }),
        // Stripe invoices a trial at $0 and a plan without trial at its price, both paid at checkout.
        event('invoice.paid', { sub, invoice: invoice(sub, trialEnd ? 0 : opts.priceCents(sub.plan), 1, null) }),
      ];
      return { session, events };
    },

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
        events.push(event('invoice.paid', { sub, invoice: invoice(sub, opts.priceCents(plan), 1, null) }));
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
        events.push(...playDue(sub, now, decline));
        await store.put(sub);
      }
      return events;
    },
  };

  return {
    mode: 'demo',
    demo,
    async createCustomer({ userId, email, name }) {
      // One customer per user, as Stripe's idempotency key gives: the id is derived from the user.
      const id = `cus_demo_${userId.replace(/-/g, '')}`;
      const existing = await store.get<DemoCustomer>(id);
      if (!existing) await store.put({ kind: 'customer', id, customerId: id, userId, email, name });
      return id;
    },
    async createCheckoutSession(input: CheckoutRequest) {
      const now = nowSeconds();
      const session: DemoCheckoutSession = {
        kind: 'checkout_session',
        id: newId('cs'),
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
      await store.put(session);
      // A path of this app, so the demo works whatever host the browser reached it by.
      return { id: session.id, url: `/billing/demo-checkout?session=${encodeURIComponent(session.id)}` };
    },
    async createPortalSession() {
      return { url: '/billing/demo-portal' };
    },
    async retrieveSubscription(id) {
      const sub = await store.get<DemoSubscription>(id);
      return sub?.kind === 'subscription' ? toProvider(sub) : null;
    },
    parseWebhook() {
      // The demo delivers its events in-process; nothing from outside is a demo event.
      throw new BillingSignatureError('Billing runs as a demo: there are no Stripe webhooks to verify');
    },
  };
}
