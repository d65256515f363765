import { type CliCommand, CliUsageError } from '../../lib/app-module';
import { type RouteRefresh, RouteRefreshError } from './route-refresh';

/** `routes:refresh`: the route network as the airline publishes it, through the configured flights provider. */
export function flightsCommands(deps: { routeRefresh: RouteRefresh }): Record<string, CliCommand> {
  return {
    'routes:refresh': {
      usage: "routes:refresh [--dry-run]   (reads the airline's /Resource/GetMarkets through the flights provider; replaces the network)",
      async run(args, out) {
        const unknownOptions = args.filter((a) => a !== '--dry-run');
        if (unknownOptions.length > 0) throw new CliUsageError(`unknown argument ${unknownOptions.join(', ')}`);
        const dryRun = args.includes('--dry-run');
        let report;
        try {
          report = await deps.routeRefresh.run({ dryRun });
        } catch (e) {
          if (e instanceof RouteRefreshError) throw new CliUsageError(e.message);
          throw e;
        }
        const { added, removed } = report;
        out(
          `${dryRun ? 'would refresh' : 'refreshed'} ${report.routes} routes from ${report.provider}: ${added.length} added, ${removed.length} removed`,
        );
        if (added.length > 0) out(`added: ${added.join(' ')}`);
        if (removed.length > 0) out(`removed: ${removed.join(' ')}`);
        if (report.unknownStations.length > 0) {
          out(`skipped ${report.skipped} route(s) through stations missing from the airport data: ${report.unknownStations.join(' ')}`);
        }
      },
    },
  };
}
