import type { PlanId, SubscriptionStatus } from '@gowild/contract/billing';
import { subscriptionStatusSchema } from '@gowild/contract/billing';
import Stripe from 'stripe';
import {
  type BillingEvent,
  type BillingProvider,
  BillingSignatureError,
  BillingUnavailableError,
  type ProviderInvoice,
  type ProviderSubscription,
} from './billing.provider';

/** Stripe's own recommendation, and the spec's (docs/product/providers.md#billing). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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

type Expandable<T extends { id: string }> = string | T | null | undefined;
const idOf = <T extends { id: string }>(value: Expandable<T>): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

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
  const planOfPrice = new Map<string, PlanId>([
    [opts.prices.monthly, 'monthly'],
    [opts.prices.yearly, 'yearly'],
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
      clientReferenceId: null,
      invoice: null,
      subscription: null,
    };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return {
          ...base,
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
        stripe.checkout.sessions.create({
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
        }),
      );
      if (!session.url) throw new BillingUnavailableError('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await call(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) return null;
        return unavailable(e);
      }
    },
    parseWebhook(rawBody, signature, receivedAtMs) {
      if (!signature) throw new BillingSignatureError('No stripe-signature header');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
      } catch (e) {
        throw new BillingSignatureError(e instanceof Error ? e.message : 'Webhook signature verification failed');
      }
      return toEvent(event);
    },
  };
}
