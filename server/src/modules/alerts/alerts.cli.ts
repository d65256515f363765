import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { AlertChecker } from './alert-checker';
import type { AlertOutbox } from './alert-outbox';

/** The operator's alert commands: one checker pass now, and the e-mail outbox sent now. */
export function alertsCommands({ checker, mailer }: { checker: AlertChecker; mailer: AlertOutbox }): Record<string, CliCommand> {
  return {
    'alerts:check': {
      usage: 'alerts:check   (one alert checker pass now, then sends the e-mails it queued)',
      async run(args, out) {
        if (args.length > 0) throw new CliUsageError('alerts:check takes no arguments');
        const r = await checker.run();
        out(
          `checked ${r.alerts} active alerts: ${r.groups} route-date groups, ${r.queried} asked (${r.fromAirline} from the airline, ` +
            `${r.fromCache} from cache, ${r.failed} failed), ${r.outsideWindow} outside the GoWild window; ` +
            `${r.matches} matched, ${r.datesPassed} dates passed; ${Math.round(r.durationMs)} ms`,
        );
        await mailer.idle();
        const sent = await mailer.drain();
        out(`e-mails: ${sent.sent} sent, ${sent.retrying} to retry, ${sent.failed} given up`);
      },
    },
    'alerts:send-emails': {
      usage: 'alerts:send-emails   (sends the alert e-mails that are due now)',
      async run(args, out) {
        if (args.length > 0) throw new CliUsageError('alerts:send-emails takes no arguments');
        const sent = await mailer.drain();
        out(`e-mails: ${sent.sent} sent, ${sent.retrying} to retry, ${sent.failed} given up`);
      },
    },
  };
}
