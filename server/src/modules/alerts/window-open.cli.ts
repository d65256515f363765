import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { AlertOutbox } from './alert-outbox';
import type { WindowOpenChecker } from './window-open-check';

/** `alerts:window-open`: one pass of the window-open job now, then the messages it queued are sent. */
export function windowOpenCommands({ checker, mailer }: { checker: WindowOpenChecker; mailer: AlertOutbox }): Record<string, CliCommand> {
  return {
    'alerts:window-open': {
      usage: 'alerts:window-open   (checks the window-open alerts whose GoWild window has opened, then sends their messages)',
      async run(args, out) {
        if (args.length > 0) throw new CliUsageError('alerts:window-open takes no arguments');
        const r = await checker.run();
        out(
          `window-open alerts due: ${r.due}; ${r.queried} route-dates asked (${r.fromAirline} from the airline); ` +
            `${r.gowild} GoWild on sale, ${r.notOffered} not offered, ${r.later} waiting for a later segment, ` +
            `${r.waiting} without an answer yet, ${r.passed} dates passed`,
        );
        await mailer.idle();
        const sent = await mailer.drain();
        out(`e-mails: ${sent.sent} sent, ${sent.retrying} to retry, ${sent.failed} given up`);
      },
    },
  };
}
