import { readFileSync } from 'node:fs';
import { isoDateSchema } from '@gowild/contract/dates';
import { type CliCommand, CliUsageError } from '../../lib/app-module';
import type { ReferenceService } from './reference.service';

/** The operator's commands on the route network and the blackout dates. */
export function referenceCommands({ reference }: { reference: ReferenceService }): Record<string, CliCommand> {
  return {
    'routes:list': {
      usage: 'routes:list [ORIGIN]',
      async run([origin], out) {
        const rows = reference.routes().filter((r) => !origin || r.origin === origin.toUpperCase());
        for (const r of rows) out(`${r.origin}-${r.destination}`);
        out(`${rows.length} routes`);
      },
    },
    'routes:import': {
      usage: 'routes:import FILE.json   (a JSON array of {origin, destination}; replaces the network)',
      async run([file], out) {
        if (!file) throw new CliUsageError('routes:import needs a file');
        const rows = JSON.parse(readFileSync(file, 'utf8')) as { origin: string; destination: string }[];
        const valid = rows.filter((r) => /^[A-Z]{3}$/.test(r.origin) && /^[A-Z]{3}$/.test(r.destination) && r.origin !== r.destination);
        if (valid.length === 0) throw new CliUsageError('no valid routes in that file');
        await reference.replaceRoutes(valid);
        out(`imported ${valid.length} routes (${rows.length - valid.length} skipped)`);
      },
    },
    'blackouts:list': {
      usage: 'blackouts:list',
      async run(_args, out) {
        for (const d of reference.blackoutDates()) out(d);
      },
    },
    'blackouts:add': {
      usage: 'blackouts:add YYYY-MM-DD [YYYY-MM-DD] [--label TEXT]   (one date or an inclusive range)',
      async run(args, out) {
        const labelAt = args.indexOf('--label');
        const label = labelAt >= 0 ? (args[labelAt + 1] ?? '') : '';
        const [start, end = start] = labelAt >= 0 ? args.slice(0, labelAt) : args;
        if (!start || !isoDateSchema.safeParse(start).success || !isoDateSchema.safeParse(end).success)
          throw new CliUsageError('dates must be YYYY-MM-DD');
        const added = await reference.addBlackoutRange(start, end ?? start, label);
        out(`added ${added.length} blackout date(s)`);
      },
    },
    'blackouts:remove': {
      usage: 'blackouts:remove YYYY-MM-DD',
      async run([date], out) {
        if (!date || !isoDateSchema.safeParse(date).success) throw new CliUsageError('date must be YYYY-MM-DD');
        out((await reference.removeBlackout(date)) ? `removed ${date}` : `${date} was not a blackout date`);
      },
    },
  };
}
