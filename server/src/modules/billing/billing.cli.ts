import { type CliCommand, CliUsageError } from '../../lib/app-module';
import { HttpError } from '../../lib/http-error';
import type { BillingService } from './billing.service';

/** The demo clock's upper bound: two years covers a yearly renewal and a cancellation after it. */
const MAX_DAYS = 3660;

/** The operator's billing commands: the demo clock. */
export function billingCommands({ billing }: { billing: BillingService }): Record<string, CliCommand> {
  return {
    'billing:advance': {
      usage:
        "billing:advance EMAIL DAYS [--decline]   (demo billing only: moves the account's demo subscription DAYS days on: trial end, renewals, cancellation; --decline fails the payments that fall due)",
      async run(args, out) {
        const flags = args.filter((a) => a.startsWith('--'));
        const unknown = flags.filter((f) => f !== '--decline');
        if (unknown.length > 0) throw new CliUsageError(`unknown option ${unknown.join(', ')}`);
        const [email, daysText, extra] = args.filter((a) => !a.startsWith('--'));
        const days = Number(daysText);
        if (!email || daysText === undefined || extra !== undefined) throw new CliUsageError('billing:advance needs EMAIL and DAYS');
        if (!/^\d+(\.\d+)?$/.test(daysText) || days <= 0 || days > MAX_DAYS) {
          throw new CliUsageError(`DAYS must be a number of days above 0 and at most ${MAX_DAYS}`);
        }
        if (!billing.demo) throw new CliUsageError('billing:advance moves demo subscriptions only; this server bills with Stripe');
        try {
          for (const line of await billing.demo.advance(email, days, flags.includes('--decline'))) out(line);
        } catch (e) {
          if (e instanceof HttpError && e.statusCode < 500) throw new CliUsageError(e.message);
          throw e;
        }
      },
    },
  };
}
