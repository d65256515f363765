import type { BillingEvent } from '../../providers/billing/billing.provider';
import { type BillingContext, type BillingLog, provided, quiet } from './billing.context';
import { money, paymentFailedEmail } from './billing.emails';
import type { SubscriptionSync } from './subscription-sync';

/** What a handled event did, for the webhook's answer and the tests. */
export interface EventOutcome {
  duplicate: boolean;
  userId: string | null;
}

/** Stripe's events (and the demo's, which are the same): verified, taken once, applied through the sync. */
export function createEventHandling(ctx: BillingContext, { sync }: SubscriptionSync) {
  const { clock, provider, repo, sessions, users, config } = ctx;

  /** What applying an event did: the user it concerned, and why it changed nothing when it did not. */
  type Applied = { userId: string | null; outcome?: 'unconfirmed' | 'second-subscription' };
  const synced = (result: Awaited<ReturnType<SubscriptionSync['sync']>>): Applied =>
    result === 'unconfirmed' ? { userId: null, outcome: 'unconfirmed' } : { userId: result?.user.id ?? null };

  /**
   * A completed checkout, as the provider confirms it (decision 123): the session must exist there and be complete with its
   * subscription. Its completion is taken once, with one subscription (decision 121); the customer is linked to the
   * user the session was for, in case it was not recorded (decision 072).
   */
  async function completeCheckout(event: BillingEvent, log: BillingLog): Promise<Applied> {
    const sessionId = event.checkoutSessionId;
    const session = sessionId ? await provided(() => provider.retrieveCheckoutSession(sessionId)) : null;
    if (!session || session.status !== 'complete' || !session.subscriptionId) {
      log.warn({ sessionId }, 'billing: the provider does not confirm this completed checkout; the event is recorded and ignored');
      return { userId: null, outcome: 'unconfirmed' };
    }
    if ((await sessions.complete(session.id, session.subscriptionId, clock.now())) === 'other-subscription') {
      log.warn({ sessionId, subscriptionId: session.subscriptionId }, 'billing: this checkout already made another subscription');
      return { userId: null, outcome: 'second-subscription' };
    }
    if (session.clientReferenceId && session.customerId) {
      const user = await users.findById(session.clientReferenceId);
      if (user && !user.stripeCustomerId) await users.linkStripeCustomer(user.id, session.customerId);
    }
    return synced(await sync(session.subscriptionId, log));
  }

  async function paymentFailed(event: BillingEvent, log: BillingLog): Promise<Applied> {
    const result = await sync(event.subscriptionId, log);
    if (result === null || result === 'unconfirmed') return synced(result);
    const { user } = result;
    await ctx.email.send(
      paymentFailedEmail({
        to: user.email,
        firstName: user.firstName,
        profileUrl: ctx.urls.profile,
        supportEmail: config.SUPPORT_EMAIL,
        amount: money(event.invoice?.amountDue ?? 0, event.invoice?.currency),
        nextAttempt: event.invoice?.nextPaymentAttempt ?? null,
      }),
    );
    return { userId: user.id };
  }

  async function apply(event: BillingEvent, log: BillingLog): Promise<Applied> {
    switch (event.type) {
      case 'checkout.session.completed':
        return completeCheckout(event, log);
      case 'checkout.session.expired': {
        // Not handed out again; only when the provider says so.
        const id = event.checkoutSessionId;
        const session = id ? await provided(() => provider.retrieveCheckoutSession(id)) : null;
        if (session?.status === 'expired') await sessions.expire(session.id);
        return { userId: null, ...(session ? {} : { outcome: 'unconfirmed' as const }) };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'invoice.paid':
      case 'customer.subscription.trial_will_end':
        // Stripe sends trial_will_end three days before the end; the reminder goes two days before, from the
        // billing.trial-reminders job (decision 076), so that event only refreshes the stored subscription.
        return synced(await sync(event.subscriptionId, log));
      case 'invoice.payment_failed':
        return paymentFailed(event, log);
      default:
        log.info({ type: event.type }, 'billing: event type not used');
        return { userId: null };
    }
  }

  return {
    /** POST /api/stripe/webhook, after the signature check: 400 for a bad signature, else the event handled once. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent {
      return provider.parseWebhook(rawBody, signature, clock.now().getTime());
    },

    /**
     * Handles one event once: the id is taken first (a duplicate delivery stops here) and given back if handling
     * fails, so the provider's retry runs it again. Applying is idempotent anyway; taking the id keeps e-mails single.
     */
    async handleEvent(event: BillingEvent, log: BillingLog = quiet): Promise<EventOutcome> {
      if (!(await repo.claimEvent(event.id, event.type, clock.now()))) return { duplicate: true, userId: null };
      try {
        const applied = await apply(event, log);
        // Kept as taken (a repeat is a duplicate), with why it changed nothing.
        if (applied.outcome) await repo.markEvent(event.id, applied.outcome);
        return { duplicate: false, userId: applied.userId };
      } catch (e) {
        await repo.releaseEvent(event.id);
        throw e;
      }
    },
  };
}
export type EventHandling = ReturnType<typeof createEventHandling>;
