import type { PlanId } from '@gowild/contract/billing';
import { type BillingEvent, DAY_SECONDS } from './billing.provider';
import type { DemoEventMaker } from './demo-events';
import { demoInvoice } from './demo-events';
import { DEMO_RETRY_DAYS, DEMO_TRIAL_REMINDER_DAYS, type DemoSubscription, addInterval } from './demo-records';

/** The demo clock's rules: what falls due on a subscription as its dates pass, and the events Stripe would send. */
interface PlayDeps {
  event: DemoEventMaker;
  priceCents: (plan: PlanId) => number;
}

/** Plays what is due on one subscription at `now`, in order, and says what Stripe would have sent. */
export function playDue(sub: DemoSubscription, now: number, decline: boolean, deps: PlayDeps): BillingEvent[] {
  const { event } = deps;
  const events: BillingEvent[] = [];
  const price = deps.priceCents(sub.plan);
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
      events.push(event('invoice.payment_failed', { sub, invoice: demoInvoice(price, 1, end + 3 * DAY_SECONDS) }));
    } else {
      sub.status = 'active';
      events.push(event('invoice.paid', { sub, invoice: demoInvoice(price, 1, null) }));
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
        events.push(event('invoice.paid', { sub, invoice: demoInvoice(price, 2, null) }));
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
