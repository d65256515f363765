import type { PlanId } from '@gowild/contract/billing';
import Stripe from 'stripe';
import { type BillingProvider, BillingSignatureError, BillingUnavailableError } from './billing.provider';
import { checkedEvent, createStripeMapping } from './stripe-mapping';

/** Stripe's own recommendation, and the spec's (docs/product/providers.md#billing). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The SDK refuses a signature older than the tolerance but takes one stamped any time in the future (its check is
 * `now - t > tolerance`), so a signed event could be replayed until its stamp came round. A stamp ahead of our clock by
 * more than the same few minutes of clock skew is refused too. The stamp is read as the SDK reads it (`t=` in the
 * header); a header without one is left to the SDK, which refuses it.
 */
function refuseFutureStamp(signature: string, receivedAtMs: number) {
  const stamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (Number.isFinite(stamp) && stamp - receivedAtMs / 1000 > WEBHOOK_TOLERANCE_SECONDS)
    throw new BillingSignatureError('Timestamp outside the tolerance zone (ahead of our clock)');
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each catalogue plan (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
  prices: Record<PlanId, string>;
  /** Where the API is (STRIPE_API_BASE): Stripe's by default; tests point it at a local fake. */
  apiBase?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** The SDK's host/port/protocol options from one URL (`https://api.stripe.com`, `http://127.0.0.1:12111`). */
function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** A failure to reach Stripe (or a refusal of our key) as our error; a request Stripe refused as invalid stays a bug. */
function unavailable(e: unknown): never {
  if (
    e instanceof Stripe.errors.StripeConnectionError ||
    e instanceof Stripe.errors.StripeAPIError ||
    e instanceof Stripe.errors.StripeRateLimitError ||
    e instanceof Stripe.errors.StripeAuthenticationError ||
    e instanceof Stripe.errors.StripePermissionError ||
    e instanceof Stripe.errors.StripeIdempotencyError
  ) {
    throw new BillingUnavailableError(`Stripe: ${e.message}`, { cause: e });
  }
  throw e;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    return unavailable(e);
  }
}

/** The real adapter: Stripe through its SDK (docs/product/providers.md#billing). */
export function createStripeBillingProvider(opts: StripeProviderOptions): BillingProvider {
  const stripe = new Stripe(opts.secretKey, {
    ...connection(opts.apiBase),
    timeout: opts.timeoutMs ?? 15_000,
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    telemetry: false,
  });
  const { toSubscription, toEvent, toCheckoutSession } = createStripeMapping(opts.prices);
  /** A read that Stripe answers 404 is null (it does not know the object); other failures are an outage. */
  async function found<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
      return unavailable(e);
    }
  }

  return {
    mode: 'live',
    async createCustomer({ userId, email, name }) {
      const customer = await call(() =>
        stripe.customers.create({ email, name, metadata: { user_id: userId } }, { idempotencyKey: `gowild-customer-${userId}` }),
      );
      return customer.id;
    },
    async createCheckoutSession(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.userId,
            line_items: [{ price: opts.prices[input.plan], quantity: 1 }],
            subscription_data: {
              metadata: { user_id: input.userId, plan: input.plan },
              ...(input.trialDays > 0
                ? {
                    trial_period_days: input.trialDays,
                    // A trial that ends without a card ends the subscription rather than leaving it unpaid.
                    trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
                  }
                : {}),
            },
            metadata: { user_id: input.userId, plan: input.plan },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new BillingUnavailableError('Stripe answered a checkout session without a URL');
      // Stripe's sessions last 24 hours unless told otherwise.
      return { id: session.id, url: session.url, expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + 86_400 };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      const sub = await found(() => stripe.subscriptions.retrieve(id));
      return sub ? toSubscription(sub) : null;
    },
    async retrieveCheckoutSession(id) {
      const session = await found(() => stripe.checkout.sessions.retrieve(id));
      return session ? toCheckoutSession(session) : null;
    },
    async endTrialNow(subscriptionId) {
      // Stripe invoices the first period at once and charges the card the checkout collected (decision 122).
      await call(() =>
        stripe.subscriptions.update(subscriptionId, { trial_end: 'now' }, { idempotencyKey: `gowild-end-trial-${subscriptionId}` }),
      );
    },
    parseWebhook(rawBody, signature, receivedAtMs) {
      if (!signature) throw new BillingSignatureError('No stripe-signature header');
      refuseFutureStamp(signature, receivedAtMs);
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
      } catch (e) {
        throw new BillingSignatureError(e instanceof Error ? e.message : 'Webhook signature verification failed');
      }
      return toEvent(checkedEvent(event));
    },
  };
}
