import { BILLING_MESSAGES, type PlanId, type SubscriptionResponse } from '@gowild/contract/billing';
import { badRequest, conflict } from '../../lib/http-error';
import { type RateRule, consumeLimit } from '../../lib/rate-limit';
import type { UserRow } from '../accounts/accounts.module';
import { type BillingContext, provided } from './billing.context';
import { decidingSubscription, summarize } from './entitlements';

/**
 * New checkout sessions a user may open per hour, across every process (decision 121). An open session is handed out
 * again while it is valid, so a user who clicks Upgrade many times opens one; the limit stops a script.
 */
export const CHECKOUT_SESSIONS_PER_USER: RateRule = { name: 'checkout-user', limit: 10, windowMs: 60 * 60 * 1000 };
/** An open session is handed out again only while it has at least this long to live (time to fill in the card). */
const CHECKOUT_REUSE_MARGIN_MS = 15 * 60 * 1000;
/** How long a process keeps a session it opened for requests that counted the same generation (a burst's stragglers). */
const SETTLED_SESSION_KEPT_MS = 60_000;

/** Checkout, the portal and the profile's subscription row (docs/product/billing.md#checkout). */
export function createCheckoutFlows(ctx: BillingContext) {
  const { config, clock, provider, repo, sessions, users, urls } = ctx;
  const customersInFlight = new Map<string, Promise<string>>();
  const sessionsInFlight = new Map<string, Promise<{ checkout_url: string }>>();

  /** The user's one Stripe customer: created on first need, with concurrent requests sharing one creation. */
  function ensureCustomer(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return Promise.resolve(user.stripeCustomerId);
    let pending = customersInFlight.get(user.id);
    if (!pending) {
      pending = (async () => {
        const created = await provider.createCustomer({
          userId: user.id,
          email: user.email,
          name: `${user.firstName} ${user.lastName}`.trim(),
        });
        // Another process may have recorded one first (Stripe's idempotency key makes it the same customer anyway).
        return (await users.linkStripeCustomer(user.id, created)) ?? created;
      })().finally(() => customersInFlight.delete(user.id));
      customersInFlight.set(user.id, pending);
    }
    return pending;
  }

  /** Opens a new session (counted against the user's limit) and records it, so the next request reuses it. */
  async function openSession(user: UserRow, plan: PlanId, trialDays: number, generation: number): Promise<{ checkout_url: string }> {
    await consumeLimit(ctx.rateLimits, CHECKOUT_SESSIONS_PER_USER, user.id, BILLING_MESSAGES.tooManyCheckouts);
    const customerId = await provided(() => ensureCustomer(user));
    const idempotencyKey = `gowild-checkout-${user.id}-${plan}-${trialDays}-${generation}`;
    const session = await provided(() =>
      provider.createCheckoutSession({
        customerId,
        userId: user.id,
        plan,
        trialDays,
        successUrl: urls.success,
        cancelUrl: urls.cancel,
        idempotencyKey,
      }),
    );
    const now = clock.now();
    await sessions.record({
      id: session.id,
      userId: user.id,
      plan,
      trialDays,
      url: session.url,
      status: 'open',
      createdAt: now,
      expiresAt: new Date(session.expiresAt * 1000),
    });
    return { checkout_url: session.url };
  }

  return {
    /**
     * POST /api/stripe/create-checkout-session: 409 for a premium user; the trial once per user. The user's open
     * session for the same plan and trial is handed out again while it is valid; concurrent requests in a process
     * share one creation, and new sessions are limited per user (decision 121).
     */
    async createCheckout(user: UserRow, plan: PlanId): Promise<{ checkout_url: string }> {
      if (user.isPremium) throw conflict(BILLING_MESSAGES.alreadyPremium);
      const trialDays = (await repo.hadTrial(user.id)) ? 0 : config.TRIAL_DAYS;
      // The new session's idempotency key is the number of sessions the user has opened, counted BEFORE looking for
      // an open one: a process that counts before another records sends that one's key (one session); a process
      // that counts after finds it open and reuses it.
      const generation = await sessions.countOf(user.id);
      const open = await sessions.openSessionFor(user.id, plan, trialDays, new Date(clock.now().getTime() + CHECKOUT_REUSE_MARGIN_MS));
      if (open) return { checkout_url: open.url };
      // Keyed by the generation, and kept a while after it settles: a request of this process that counted the same
      // generation but looked for an open session before this one was recorded (a slow database) gets the same
      // session instead of asking Stripe again, so each process asks at most once per generation.
      const key = `${user.id}:${plan}:${trialDays}:${generation}`;
      let pending = sessionsInFlight.get(key);
      if (!pending) {
        pending = openSession(user, plan, trialDays, generation);
        sessionsInFlight.set(key, pending);
        const forget = () => setTimeout(() => sessionsInFlight.delete(key), SETTLED_SESSION_KEPT_MS).unref();
        pending.then(forget, () => sessionsInFlight.delete(key));
      }
      return pending;
    },

    /** POST /api/stripe/customer-portal: for any signed-in user with a customer; 400 without one. */
    async createPortal(user: UserRow): Promise<{ portal_url: string }> {
      if (!user.stripeCustomerId) throw badRequest(BILLING_MESSAGES.noCustomer);
      const customerId = user.stripeCustomerId;
      const session = await provided(() => provider.createPortalSession({ customerId, returnUrl: urls.profile }));
      return { portal_url: session.url };
    },

    /** GET /api/stripe/subscription: what the profile shows. */
    async subscriptionOf(user: UserRow): Promise<SubscriptionResponse> {
      const subs = await repo.subscriptionsOf(user.id);
      const deciding = decidingSubscription(subs);
      return {
        subscription: deciding ? summarize(deciding) : null,
        has_customer: user.stripeCustomerId !== null,
        premium_granted: user.premiumGranted,
        trial_available: config.TRIAL_DAYS > 0 && !(await repo.hadTrial(user.id)),
        mode: provider.mode,
      };
    },
  };
}
export type CheckoutFlows = ReturnType<typeof createCheckoutFlows>;
