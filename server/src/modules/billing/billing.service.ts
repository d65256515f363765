import { BILLING_MESSAGES, type DemoCheckout, type DemoPortal, type DemoPortalAction, type PlanId } from '@gowild/contract/billing';
import type { SubscriptionResponse } from '@gowild/contract/billing';
import type { Plan } from '@gowild/contract/config';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { HttpError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/http-error';
import {
  type BillingEvent,
  type BillingProvider,
  BillingUnavailableError,
  DAY_SECONDS,
  type ProviderSubscription,
} from '../../providers/billing/billing.provider';
import { DemoBillingError, type DemoBillingProvider } from '../../providers/billing/demo';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { UserRow, UsersService } from '../accounts/accounts.module';
import { planCatalogue } from '../public-config/public-config.module';
import { longDate, money, paymentFailedEmail, trialEndingEmail } from './billing.emails';
import type { BillingRepository, SubscriptionRow } from './billing.repository';
import { decidingSubscription, summarize, userEntitlements } from './entitlements';

/** Where the handler reports what it skipped (the request's logger, or nothing in the CLI). */
interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
const quiet: BillingLog = { info: () => undefined, warn: () => undefined };

export interface BillingServiceDeps {
  config: Config;
  clock: Clock;
  provider: BillingProvider | DemoBillingProvider;
  repo: BillingRepository;
  users: UsersService;
  email: EmailProvider;
}

/** What a handled event did, for the webhook's answer and the tests. */
export interface EventOutcome {
  duplicate: boolean;
  userId: string | null;
}

/** The trial reminder goes this many days before the trial ends (docs/product/billing.md#trial). */
export const TRIAL_REMINDER_DAYS = 2;
/** How often the reminder job looks: hourly, so a reminder goes between 48 and 47 hours before the end. */
export const TRIAL_REMINDER_SWEEP_MS = 60 * 60 * 1000;

/** How many times the entitlement recompute re-reads when another handler changed the user's subscriptions meanwhile. */
const MAX_RECOMPUTE_ROUNDS = 5;

function isDemo(provider: BillingProvider): provider is DemoBillingProvider {
  return provider.mode === 'demo' && 'demo' in provider;
}

/** A provider outage as the one 503 text; nothing was changed on our side. */
async function provided<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BillingUnavailableError) throw serviceUnavailable(BILLING_MESSAGES.providerUnavailable);
    throw e;
  }
}

function demoRefusal(e: unknown): never {
  if (e instanceof DemoBillingError) {
    if (e.reason === 'session-missing') throw notFound(BILLING_MESSAGES.demoSessionMissing);
    if (e.reason === 'session-closed') throw conflict(BILLING_MESSAGES.demoSessionClosed);
    if (e.reason === 'same-plan') throw conflict(BILLING_MESSAGES.demoPlanSame);
    throw conflict(BILLING_MESSAGES.demoNoSubscription);
  }
  throw e;
}

/**
 * Checkout, the portal, and the webhook handling of docs/product/billing.md. Every event ends in `sync`: re-read the
 * subscription from the provider, store it (a later read wins), and recompute the user's flags from all their
 * subscriptions with the one mapping (entitlements.ts). So duplicates and any order of delivery settle the same way.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { config, clock, provider, repo, users } = deps;
  const appUrl = config.APP_URL.replace(/\/+$/, '');
  const urls = {
    // Stripe fills in {CHECKOUT_SESSION_ID}; the profile page reads `checkout` only.
    success: `${appUrl}/profile?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${appUrl}/profile?checkout=canceled`,
    profile: `${appUrl}/profile`,
  };
  const catalogue = planCatalogue(config);
  const planOf = (id: PlanId): Plan => catalogue.find((p) => p.id === id)!;
  const customersInFlight = new Map<string, Promise<string>>();

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

  /** The user a subscription belongs to: by its customer, else by the user id in its metadata (then linked). */
  async function userOf(sub: ProviderSubscription): Promise<UserRow | undefined> {
    if (sub.customerId) {
      const byCustomer = await users.findByStripeCustomer(sub.customerId);
      if (byCustomer) return byCustomer;
    }
    if (!sub.userId) return undefined;
    const byMetadata = await users.findById(sub.userId);
    if (byMetadata && !byMetadata.stripeCustomerId && sub.customerId) await users.linkStripeCustomer(byMetadata.id, sub.customerId);
    return byMetadata;
  }

  const fingerprint = (subs: SubscriptionRow[]) => subs.map((s) => `${s.id}@${s.readAt}`).join(',');

  /**
   * Recomputes the user's flags from every subscription of theirs. If another handler stored a subscription while
   * this one computed, the check after writing sees it and computes again, so the last write reflects the last read.
   */
  async function recompute(userId: string): Promise<UserRow | undefined> {
    let row: UserRow | undefined;
    for (let round = 0; round < MAX_RECOMPUTE_ROUNDS; round += 1) {
      const before = await repo.subscriptionsOf(userId);
      const ent = userEntitlements(before);
      row = await users.applySubscription(userId, { premium: ent.isPremium, isTrial: ent.isTrial, trialEnd: ent.trialEnd });
      if (fingerprint(await repo.subscriptionsOf(userId)) === fingerprint(before)) break;
    }
    return row;
  }

  /** Re-reads a subscription from the provider (the event's copy only when it is gone) and applies it. */
  async function sync(
    subscriptionId: string | null,
    fallback: ProviderSubscription | null,
    log: BillingLog,
  ): Promise<{ sub: ProviderSubscription; user: UserRow } | null> {
    if (!subscriptionId) return null;
    const readAt = clock.now().getTime();
    const sub = (await provided(() => provider.retrieveSubscription(subscriptionId))) ?? fallback;
    if (!sub) {
      log.warn({ subscriptionId }, 'billing: subscription not found at the provider');
      return null;
    }
    const user = await userOf(sub);
    if (!user) {
      log.warn({ subscriptionId, customerId: sub.customerId }, 'billing: no user for this subscription');
      return null;
    }
    await repo.saveSubscription(sub, user.id, readAt, clock.now());
    const fresh = (await recompute(user.id)) ?? user;
    return { sub, user: fresh };
  }

  async function apply(event: BillingEvent, log: BillingLog): Promise<string | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        // Links the customer to the user the checkout was for, in case the customer was not recorded (decision 072).
        if (event.clientReferenceId && event.customerId) {
          const user = await users.findById(event.clientReferenceId);
          if (user && !user.stripeCustomerId) await users.linkStripeCustomer(user.id, event.customerId);
        }
        return (await sync(event.subscriptionId, null, log))?.user.id ?? null;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'invoice.paid':
        return (await sync(event.subscriptionId, event.subscription, log))?.user.id ?? null;
      case 'customer.subscription.trial_will_end':
        // Stripe sends this three days before the end; the reminder goes two days before, from the
        // billing.trial-reminders job (decision 076), so the event only refreshes the stored subscription.
        return (await sync(event.subscriptionId, event.subscription, log))?.user.id ?? null;
      case 'invoice.payment_failed': {
        const synced = await sync(event.subscriptionId, event.subscription, log);
        if (!synced) return null;
        const { user } = synced;
        await deps.email.send(
          paymentFailedEmail({
            to: user.email,
            firstName: user.firstName,
            profileUrl: urls.profile,
            supportEmail: config.SUPPORT_EMAIL,
            amount: money(event.invoice?.amountDue ?? 0, event.invoice?.currency),
            nextAttempt: event.invoice?.nextPaymentAttempt ?? null,
          }),
        );
        return user.id;
      }
      default:
        log.info({ type: event.type }, 'billing: event type not used');
        return null;
    }
  }

  const service = {
    mode: provider.mode,

    /** POST /api/stripe/create-checkout-session: 409 for a premium user; the trial once per user. */
    async createCheckout(user: UserRow, plan: PlanId): Promise<{ checkout_url: string }> {
      if (user.isPremium) throw conflict(BILLING_MESSAGES.alreadyPremium);
      const customerId = await provided(() => ensureCustomer(user));
      const trialDays = (await repo.hadTrial(user.id)) ? 0 : config.TRIAL_DAYS;
      const session = await provided(() =>
        provider.createCheckoutSession({
          customerId,
          userId: user.id,
          plan,
          trialDays,
          successUrl: urls.success,
          cancelUrl: urls.cancel,
        }),
      );
      return { checkout_url: session.url };
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
        return { duplicate: false, userId: await apply(event, log) };
      } catch (e) {
        await repo.releaseEvent(event.id);
        throw e;
      }
    },

    /**
     * The billing.trial-reminders job: e-mails every trial that ends within TRIAL_REMINDER_DAYS and will charge, once
     * per trial end. The reminder is taken before the e-mail and given back if the e-mail fails, so several processes
     * never send it twice and a failed send is retried on the next run (decision 076). Says whom it reminded.
     */
    async sendTrialReminders(log: BillingLog = quiet): Promise<string[]> {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const reminded: string[] = [];
      for (const row of await repo.dueTrialReminders(nowSeconds, TRIAL_REMINDER_DAYS * DAY_SECONDS)) {
        const trialEnd = row.trialEnd!;
        if (!(await repo.claimTrialReminder(row.id, trialEnd))) continue;
        const user = await users.findById(row.userId);
        if (!user) continue;
        const plan = planOf((row.plan as PlanId | null) ?? 'monthly');
        try {
          await deps.email.send(
            trialEndingEmail({
              to: user.email,
              firstName: user.firstName,
              profileUrl: urls.profile,
              supportEmail: config.SUPPORT_EMAIL,
              trialEnd,
              daysLeft: Math.max(1, Math.ceil((trialEnd - nowSeconds) / DAY_SECONDS)),
              price: money(Math.round(plan.price * 100)),
              interval: plan.interval,
            }),
          );
          reminded.push(user.email);
        } catch (e) {
          await repo.releaseTrialReminder(row.id, trialEnd);
          log.warn({ err: e, subscriptionId: row.id }, 'billing: trial reminder e-mail failed; the next run retries');
        }
      }
      if (reminded.length > 0) log.info({ count: reminded.length }, 'billing: trial reminders sent');
      return reminded;
    },

    /** The demo's part; null when billing runs on Stripe. */
    demo: isDemo(provider) ? createDemoFlows(provider) : null,
  };

  /** The demo checkout, portal and clock, delivering the demo's events through the same handler. */
  function createDemoFlows(demoProvider: DemoBillingProvider) {
    const controls = demoProvider.demo;
    const deliver = async (events: BillingEvent[], log: BillingLog = quiet) => {
      for (const e of events) await service.handleEvent(e, log);
    };
    const portalView = async (user: UserRow): Promise<DemoPortal> => {
      const current = (await service.subscriptionOf(user)).subscription;
      return { email: user.email, subscription: current, plans: catalogue, return_url: '/profile' };
    };
    const customerOf = (user: UserRow) => {
      if (!user.stripeCustomerId) throw conflict(BILLING_MESSAGES.demoNoSubscription);
      return user.stripeCustomerId;
    };
    return {
      async checkout(user: UserRow, sessionId: string): Promise<DemoCheckout> {
        const session = await controls.checkoutSession(sessionId);
        if (!session || session.userId !== user.id) throw notFound(BILLING_MESSAGES.demoSessionMissing);
        const now = Math.floor(clock.now().getTime() / 1000);
        const status = session.status === 'open' && session.expiresAt <= now ? 'expired' : session.status;
        return {
          id: session.id,
          status,
          email: user.email,
          plan: planOf(session.plan),
          trial_days: session.trialDays,
          trial_end: session.trialDays > 0 ? now + session.trialDays * DAY_SECONDS : null,
          success_url: session.successUrl,
          cancel_url: session.cancelUrl,
        };
      },
      async confirm(user: UserRow, sessionId: string, log?: BillingLog): Promise<{ redirect_url: string }> {
        const session = await controls.checkoutSession(sessionId);
        if (!session || session.userId !== user.id) throw notFound(BILLING_MESSAGES.demoSessionMissing);
        if (user.isPremium) throw conflict(BILLING_MESSAGES.alreadyPremium);
        const { events } = await controls.confirmCheckout(sessionId).catch(demoRefusal);
        await deliver(events, log);
        return { redirect_url: session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id)) };
      },
      portal: portalView,
      async act(user: UserRow, action: DemoPortalAction, log?: BillingLog): Promise<DemoPortal> {
        const customerId = customerOf(user);
        const events = await (
          action.action === 'cancel'
            ? controls.cancelAtPeriodEnd(customerId)
            : action.action === 'resume'
              ? controls.resume(customerId)
              : controls.switchPlan(customerId, action.plan)
        ).catch(demoRefusal);
        await deliver(events, log);
        return portalView((await users.findById(user.id)) ?? user);
      },
      /** The demo clock (`billing:advance`): the lines it prints. */
      async advance(email: string, days: number, decline: boolean): Promise<string[]> {
        const user = await users.findByEmail(email);
        if (!user) throw new HttpError(404, `no account with e-mail ${email}`, 'NOT_FOUND');
        if (!user.stripeCustomerId) throw new HttpError(409, `${user.email} has no demo subscription`, 'CONFLICT');
        const events = await controls.advance(user.stripeCustomerId, days, { decline });
        await deliver(events);
        // The demo's dates moved even when nothing fell due: store them, as a re-read of the subscription would.
        const current = await controls.currentSubscription(user.stripeCustomerId);
        if (current) await sync(current.id, null, quiet);
        // The reminder job runs hourly; run it now so the demo clock shows what falls due at once.
        const reminded = (await service.sendTrialReminders()).includes(user.email);
        const after = (await users.findById(user.id)) ?? user;
        const summary = (await service.subscriptionOf(after)).subscription;
        const lines = events.map((e) => `  ${e.type}`);
        const state = summary
          ? `${summary.status}${summary.plan ? ` (${summary.plan})` : ''}${
              summary.status === 'trialing' && summary.trial_end
                ? `, trial ends ${longDate(summary.trial_end)}`
                : summary.current_period_end && summary.is_premium
                  ? `, ${summary.cancel_at_period_end ? 'ends' : 'renews'} ${longDate(summary.current_period_end)}`
                  : ''
            }`
          : 'no subscription';
        return [
          `${after.email}: moved ${days} day(s) on; ${events.length} event(s)`,
          ...lines,
          ...(reminded ? [`  trial reminder e-mailed (${TRIAL_REMINDER_DAYS} days before the trial ends)`] : []),
          `${after.email}: ${state}; ${after.isPremium ? 'premium' : 'free'}${after.isTrial ? ', in trial' : ''}`,
        ];
      },
    };
  }

  return service;
}
export type BillingService = ReturnType<typeof createBillingService>;
