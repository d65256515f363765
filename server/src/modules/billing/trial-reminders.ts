import type { PlanId } from '@gowild/contract/billing';
import { DAY_SECONDS } from '../../providers/billing/billing.provider';
import { type BillingContext, type BillingLog, quiet } from './billing.context';
import { money, trialEndingEmail } from './billing.emails';

/** The trial reminder goes this many days before the trial ends (docs/product/billing.md#trial-reminder). */
export const TRIAL_REMINDER_DAYS = 2;
/** How often the reminder job looks: hourly, so a reminder goes between 48 and 47 hours before the end. */
export const TRIAL_REMINDER_SWEEP_MS = 60 * 60 * 1000;

/**
 * The billing.trial-reminders job: e-mails every trial that ends within TRIAL_REMINDER_DAYS and will charge, once
 * per trial end. The reminder is taken before the e-mail and given back if the e-mail fails, so several processes
 * never send it twice and a failed send is retried on the next run (decision 076). Says whom it reminded.
 */
export function createTrialReminders(ctx: BillingContext) {
  const { clock, repo, users, config } = ctx;
  return async function sendTrialReminders(log: BillingLog = quiet): Promise<string[]> {
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const reminded: string[] = [];
    for (const row of await repo.dueTrialReminders(nowSeconds, TRIAL_REMINDER_DAYS * DAY_SECONDS)) {
      const trialEnd = row.trialEnd!;
      if (!(await repo.claimTrialReminder(row.id, trialEnd))) continue;
      const user = await users.findById(row.userId);
      if (!user) continue;
      const plan = ctx.planOf((row.plan as PlanId | null) ?? 'monthly');
      try {
        await ctx.email.send(
          trialEndingEmail({
            to: user.email,
            firstName: user.firstName,
            profileUrl: ctx.urls.profile,
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
  };
}
