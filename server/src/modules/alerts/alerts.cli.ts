import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { AlertChecker } from './alert-checker';
import type { AlertOutbox } from './alert-outbox';

/** The outbox sent now, as every alert command ends (decision 266: one line for every kind). */
async function sendNow(mailer: AlertOutbox, out: (line: string) => void, afterQueuing: boolean) {
  // A check's messages are queued with a kick: those it started finish first, then the rest due are sent.
  if (afterQueuing) await mailer.idle();
  const sent = await mailer.drain();
  out(`e-mails: ${sent.sent} sent, ${sent.retrying} to retry, ${sent.failed} given up`);
}

/** A command that takes no arguments. */
function noArgs(name: string, usage: string, run: (out: (line: string) => void) => Promise<void>): CliCommand {
  return {
    usage: `${name}   (${usage})`,
    async run(args, out) {
      if (args.length > 0) throw new CliUsageError(`${name} takes no arguments`);
      await run(out);
    },
  };
}

/**
 * The operator's alert commands: one pass of the check now, over the kinds checked each run (`alerts:check`) or the
 * alerts due at an opening (`alerts:window-open`), its messages then sent; and the outbox sent now.
 */
export function alertsCommands({ checker, mailer }: { checker: AlertChecker; mailer: AlertOutbox }): Record<string, CliCommand> {
  return {
    'alerts:check': noArgs('alerts:check', 'one alert checker pass now, then sends the e-mails it queued', async (out) => {
      const r = await checker.run();
      out(
        `checked ${r.alerts} active alerts: ${r.groups} route-date groups, ${r.queried} asked (${r.fromAirline} from the airline, ` +
          `${r.fromCache} from cache, ${r.failed} failed), ${r.outsideWindow} outside the GoWild window; ` +
          `${r.matches} matched, ${r.datesPassed} dates passed; ${Math.round(r.durationMs)} ms`,
      );
      await sendNow(mailer, out, true);
    }),
    'alerts:send-emails': noArgs('alerts:send-emails', 'sends the alert e-mails that are due now', (out) => sendNow(mailer, out, false)),
    'alerts:window-open': noArgs(
      'alerts:window-open',
      'checks the window-open alerts whose GoWild window has opened, then sends their messages',
      async (out) => {
        const r = await checker.runOpenings();
        out(
          `window-open alerts due: ${r.due}; ${r.queried} route-dates asked (${r.fromAirline} from the airline); ` +
            `${r.gowild} GoWild on sale, ${r.notOffered} not offered, ${r.later} waiting for a later segment, ` +
            `${r.waiting} without an answer yet, ${r.passed} dates passed`,
        );
        await sendNow(mailer, out, true);
      },
    ),
  };
}
