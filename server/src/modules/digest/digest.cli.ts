import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { DigestService } from './digest.service';

/** `npm run cli -- digest:run [--at ISO-INSTANT]`: the digests due now (or at that instant) written, then sent. */
export function digestCommands({ digest }: { digest: DigestService }): Record<string, CliCommand> {
  return {
    'digest:run': {
      usage: 'digest:run [--at ISO-INSTANT]   (writes the digests due now, or at that instant, and sends every digest due)',
      async run(args, out) {
        let at: Date | undefined;
        if (args.length === 2 && args[0] === '--at') {
          at = new Date(args[1]!);
          if (!/^\d{4}-\d{2}-\d{2}T/.test(args[1]!) || Number.isNaN(at.getTime()))
            throw new CliUsageError(`--at takes an ISO instant such as 2026-11-28T14:00:00Z, not ${args[1]}`);
        } else if (args.length > 0) throw new CliUsageError('digest:run takes only --at ISO-INSTANT');
        const r = await digest.run(at);
        out(
          `digests written: ${r.planned} travellers (${r.nothingNew} with nothing new), ${r.queued} deliveries queued; ` +
            `sent ${r.sent}, ${r.retrying} to retry, ${r.failed} given up`,
        );
      },
    },
  };
}
