import { type CliCommand, CliUsageError } from '../../lib/app-module';
import { findAirport } from '../../lib/reference-data/airports';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import type { ReferenceService } from '../reference/reference.module';

/** `routes:refresh`: the route network as the airline publishes it, through the configured flights provider. */
export function flightsCommands(deps: {
  reference: Pick<ReferenceService, 'routes' | 'replaceRoutes'>;
  provider: FlightProvider;
  timeoutMs: number;
}): Record<string, CliCommand> {
  const { reference, provider } = deps;
  return {
    'routes:refresh': {
      usage: "routes:refresh [--dry-run]   (reads the airline's /Resource/GetMarkets through the flights provider; replaces the network)",
      async run(args, out) {
        const unknownOptions = args.filter((a) => a !== '--dry-run');
        if (unknownOptions.length > 0) throw new CliUsageError(`unknown argument ${unknownOptions.join(', ')}`);
        if (!provider.fetchMarkets) throw new CliUsageError(`the flights provider ${provider.name} does not publish its route network`);
        const result = await provider.fetchMarkets(AbortSignal.timeout(deps.timeoutMs));
        if (result.kind !== 'markets') {
          const why = result.kind === 'page-changed' ? result.detail : `${result.kind} (HTTP ${result.status})`;
          throw new CliUsageError(`${provider.name} did not give its network: ${why}; the routes were left as they were`);
        }
        // A station we have no airport record for (zone, coordinates) could not be searched or shown: leave it out.
        const unknown = new Set<string>();
        const known = (code: string) => {
          const ok = /^[A-Z]{3}$/.test(code) && findAirport(code) !== undefined;
          if (!ok) unknown.add(code);
          return ok;
        };
        const rows = result.routes.filter((r) => known(r.origin) && known(r.destination));
        if (rows.length === 0) throw new CliUsageError(`${provider.name} listed no usable routes; the routes were left as they were`);
        const key = (r: { origin: string; destination: string }) => `${r.origin}-${r.destination}`;
        const before = new Set(reference.routes().map(key));
        const after = new Set(rows.map(key));
        const added = [...after].filter((k) => !before.has(k));
        const removed = [...before].filter((k) => !after.has(k));
        const dryRun = args.includes('--dry-run');
        if (!dryRun) await reference.replaceRoutes(rows);
        out(
          `${dryRun ? 'would refresh' : 'refreshed'} ${rows.length} routes from ${provider.name}: ${added.length} added, ${removed.length} removed`,
        );
        if (added.length > 0) out(`added: ${added.join(' ')}`);
        if (removed.length > 0) out(`removed: ${removed.join(' ')}`);
        if (unknown.size > 0) {
          const skipped = result.routes.length - rows.length;
          out(`skipped ${skipped} route(s) through stations missing from the airport data: ${[...unknown].sort().join(' ')}`);
        }
      },
    },
  };
}
