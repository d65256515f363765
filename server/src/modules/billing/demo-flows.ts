import {
  BILLING_MESSAGES,
  type DemoCheckout,
  type DemoPortal,
  type DemoPortalAction,
  type SubscriptionSummary,
} from '@gowild/contract/billing';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { type BillingEvent, DAY_SECONDS } from '../../providers/billing/billing.provider';
import type { DemoBillingProvider } from '../../providers/billing/demo';
import type { UserRow } from '../accounts/accounts.module';
import { type BillingContext, type BillingLog, demoRefusal, quiet } from './billing.context';
import { longDate } from './billing.emails';
import type { EventHandling } from './billing.events';
import type { CheckoutFlows } from './checkout';
import type { SubscriptionSync } from './subscription-sync';
import { TRIAL_REMINDER_DAYS } from './trial-reminders';

interface DemoFlowParts {
  events: EventHandling;
  checkout: CheckoutFlows;
  sync: SubscriptionSync;
  sendTrialReminders: () => Promise<string[]>;
}

/** The demo clock's one-line state of a subscription: 'trialing (monthly), trial ends December 1, 2026'. */
function describeState(summary: SubscriptionSummary | null): string {
  if (!summary) return 'no subscription';
  const plan = summary.plan ? ` (${summary.plan})` : '';
  if (summary.status === 'trialing' && summary.trial_end) return `${summary.status}${plan}, trial ends ${longDate(summary.trial_end)}`;
  if (summary.current_period_end && summary.is_premium) {
    return `${summary.status}${plan}, ${summary.cancel_at_period_end ? 'ends' : 'renews'} ${longDate(summary.current_period_end)}`;
  }
  return `${summary.status}${plan}`;
}

/** The demo checkout, portal and clock, delivering the demo's events through the same handler as Stripe's. */
export function createDemoFlows(ctx: BillingContext, demoProvider: DemoBillingProvider, parts: DemoFlowParts) {
  const { clock, users } = ctx;
  const controls = demoProvider.demo;
  const deliver = async (events: BillingEvent[], log: BillingLog = quiet) => {
    for (const e of events) await parts.events.handleEvent(e, log);
  };
  const portalView = async (user: UserRow): Promise<DemoPortal> => {
    const current = (await parts.checkout.subscriptionOf(user)).subscription;
    return { email: user.email, subscription: current, plans: ctx.catalogue, return_url: '/profile' };
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
      const trialDays = (await ctx.repo.hadTrial(user.id)) ? 0 : session.trialDays;
      return {
        id: session.id,
        status,
        email: user.email,
        plan: ctx.planOf(session.plan),
        trial_days: trialDays,
        trial_end: trialDays > 0 ? now + trialDays * DAY_SECONDS : null,
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
      };
    },
    async confirm(user: UserRow, sessionId: string, log?: BillingLog): Promise<{ redirect_url: string }> {
      const session = await controls.checkoutSession(sessionId);
      if (!session || session.userId !== user.id) throw notFound(BILLING_MESSAGES.demoSessionMissing);
      if (user.isPremium) throw conflict(BILLING_MESSAGES.alreadyPremium);
      // The trial is checked again at completion: a user who had one since the session opened gets none (decision 122).
      const withoutTrial = await ctx.repo.hadTrial(user.id);
      const { events } = await controls.confirmCheckout(sessionId, { withoutTrial }).catch(demoRefusal);
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
      if (current) await parts.sync.sync(current.id, quiet);
      // The reminder job runs hourly; run it now so the demo clock shows what falls due at once.
      const reminded = (await parts.sendTrialReminders()).includes(user.email);
      const after = (await users.findById(user.id)) ?? user;
      const summary = (await parts.checkout.subscriptionOf(after)).subscription;
      return [
        `${after.email}: moved ${days} day(s) on; ${events.length} event(s)`,
        ...events.map((e) => `  ${e.type}`),
        ...(reminded ? [`  trial reminder e-mailed (${TRIAL_REMINDER_DAYS} days before the trial ends)`] : []),
        `${after.email}: ${describeState(summary)}; ${after.isPremium ? 'premium' : 'free'}${after.isTrial ? ', in trial' : ''}`,
      ];
    },
  };
}
