import type { PlanId, SubscriptionStatus } from '@gowild/contract/billing';

/**
 * Our interface to billing (docs/product/billing.md, docs/product/providers.md#billing): Stripe through its SDK, or the
 * demo that plays Stripe's part offline. Vendor objects stay behind it; the billing module sees only these types.
 */

/** A subscription as read from the provider: Stripe's fields under our names, times in epoch seconds. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  /** From the price: the catalogue plan it is for, or null for a price outside the catalogue. */
  plan: PlanId | null;
  trialEnd: number | null;
  /** The end of the current period (the latest of the items' `current_period_end`). */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  endedAt: number | null;
  /** Our user id, from the subscription's metadata (set at checkout), when present. */
  userId: string | null;
}

/** An invoice event's figures, for the payment-failed e-mail. */
export interface ProviderInvoice {
  /** In the currency's smallest unit (cents). */
  amountDue: number;
  currency: string;
  attemptCount: number;
  /** When Stripe tries the card again (epoch seconds), or null when it will not. */
  nextPaymentAttempt: number | null;
}

/** A webhook event, reduced to what the handler uses; it always re-reads the subscription by `subscriptionId`. */
export interface BillingEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  subscriptionId: string | null;
  customerId: string | null;
  /** checkout.session.completed and .expired: the session. */
  checkoutSessionId: string | null;
  /** checkout.session.completed: the user id the checkout was started for. */
  clientReferenceId: string | null;
  invoice: ProviderInvoice | null;
  /** The event's own copy of a subscription, used only when the subscription can no longer be read. */
  subscription: ProviderSubscription | null;
}

/** A checkout session as the provider holds it (what a completion event is checked against). */
export interface ProviderCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  subscriptionId: string | null;
  /** The user id the checkout was started for. */
  clientReferenceId: string | null;
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  plan: PlanId;
  /** 0 for no trial (the user had one). */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /**
   * The same key answers the same session, as Stripe's idempotency keys do: two processes opening a user's next
   * session at the same instant send the same key and get one session (decision 121).
   */
  idempotencyKey: string;
}

/** The webhook's signature or timestamp did not verify. */
export class BillingSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingSignatureError';
  }
}

/** A signed event without the parts every event has (id, type, data.object): refused with a 400. */
export class BillingEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingEventError';
  }
}

/** The provider could not be reached or refused our credentials; nothing was changed on our side. */
export class BillingUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BillingUnavailableError';
  }
}

export interface BillingProvider {
  readonly mode: 'live' | 'demo';
  /** Creates the customer for a user; the same user id gives the same customer (an idempotency key per user). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** `expiresAt`: epoch seconds after which the session can no longer be paid. */
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string; expiresAt: number }>;
  /** The session as it is now, or null when the provider has no such session. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Ends a subscription's trial now, so it is billed as a plain subscription (a second trial, decision 122). */
  endTrialNow(subscriptionId: string): Promise<void>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The subscription as it is now, or null when the provider has no such subscription. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /**
   * Verifies the `stripe-signature` header over the raw body (300 s tolerance, measured at `receivedAtMs` on the app
   * clock) and reads the event; throws BillingSignatureError, or BillingEventError for a signed event without data.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined, receivedAtMs: number): BillingEvent;
}

/** Seconds in a day, for trial lengths and the demo clock. */
export const DAY_SECONDS = 86_400;
