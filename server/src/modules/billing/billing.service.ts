import { type BillingServiceDeps, billingContext, isDemo } from './billing.context';
import { createEventHandling } from './billing.events';
import { createCheckoutFlows } from './checkout';
import { createDemoFlows } from './demo-flows';
import { createSubscriptionSync } from './subscription-sync';
import { createTrialReminders } from './trial-reminders';

export type { BillingServiceDeps } from './billing.context';
export { TRIAL_REMINDER_SWEEP_MS } from './trial-reminders';

/**
 * Billing of docs/product/billing.md, one part per use case: checkout and portal (checkout.ts), the webhook's events
 * (billing.events.ts) settled by re-reading the subscription (subscription-sync.ts), the trial reminder job
 * (trial-reminders.ts), and the demo's pages and clock (demo-flows.ts).
 */
export function createBillingService(deps: BillingServiceDeps) {
  const ctx = billingContext(deps);
  const sync = createSubscriptionSync(ctx);
  const events = createEventHandling(ctx, sync);
  const checkout = createCheckoutFlows(ctx);
  const sendTrialReminders = createTrialReminders(ctx);
  const { provider } = deps;
  return {
    mode: provider.mode,
    ...checkout,
    ...events,
    sendTrialReminders,
    /** The demo's part; null when billing runs on Stripe. */
    demo: isDemo(provider)
      ? createDemoFlows(ctx, provider, { events, checkout, sync, sendTrialReminders: () => sendTrialReminders() })
      : null,
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
