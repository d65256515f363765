import { randomBytes } from 'node:crypto';
import type { PlanId, SubscriptionStatus } from '@gowild/contract/billing';
import type { Clock } from '../../lib/clock';
import { type BillingEvent, type BillingProvider, DAY_SECONDS } from './billing.provider';

/** The demo's records, its errors and the helpers its parts share (see demo.ts). */
/** Where the demo keeps its records (the billing module stores them in the database). */
export interface DemoStore {
  get<T extends DemoRecord>(id: string): Promise<T | undefined>;
  put(record: DemoRecord): Promise<void>;
  /** Stores a record only if none has its id: false when one had (so a record made from a key is made once). */
  create(record: DemoRecord): Promise<boolean>;
  list<T extends DemoRecord>(kind: T['kind'], customerId: string): Promise<T[]>;
}

export interface DemoCustomer {
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
export const SESSION_TTL_SECONDS = DAY_SECONDS;
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

export const newId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('base64url')}`;

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
  /**
   * Completes the session once, whatever the number of concurrent confirmations: its subscription's id comes from the
   * session's, so a second confirmation finds it made (session-closed). `withoutTrial`: the user already had a trial.
   */
  confirmCheckout(id: string, opts?: { withoutTrial?: boolean }): Promise<{ session: DemoCheckoutSession; events: BillingEvent[] }>;
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
