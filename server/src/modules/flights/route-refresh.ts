import { findAirport } from '../../lib/reference-data/airports';
import type { FlightProvider } from '../../providers/flights/flights.provider';
import type { ReferenceService } from '../reference/reference.module';

type Route = { origin: string; destination: string };

/** What a refresh found, or would change with `dryRun`. */
export interface RouteRefreshReport {
  provider: string;
  routes: number;
  added: string[];
  removed: string[];
  /** Routes left out because a station has no airport record. */
  skipped: number;
  unknownStations: string[];
  dryRun: boolean;
}

/** Why a refresh changed nothing: the provider publishes no network, or did not give a usable one. */
export class RouteRefreshError extends Error {}

const key = (r: Route) => `${r.origin}-${r.destination}`;

/** Routes added and removed going from `before` to `after`, as ORIGIN-DESTINATION. */
export function diffRoutes(before: readonly Route[], after: readonly Route[]): { added: string[]; removed: string[] } {
  const was = new Set(before.map(key));
  const now = new Set(after.map(key));
  return { added: [...now].filter((k) => !was.has(k)), removed: [...was].filter((k) => !now.has(k)) };
}

/**
 * The route network as the airline publishes it (`/Resource/GetMarkets`) through the configured flights provider,
 * replacing ours unless `dryRun`; the operator's `routes:refresh` and the admin dashboard both run it.
 */
export function createRouteRefresh(deps: {
  reference: Pick<ReferenceService, 'routes' | 'replaceRoutes'>;
  provider: FlightProvider;
  timeoutMs: number;
}) {
  const { reference, provider } = deps;
  return {
    async run(opts: { dryRun: boolean }): Promise<RouteRefreshReport> {
      if (!provider.fetchMarkets) throw new RouteRefreshError(`the flights provider ${provider.name} does not publish its route network`);
      const result = await provider.fetchMarkets(AbortSignal.timeout(deps.timeoutMs));
      if (result.kind !== 'markets') {
        const why = result.kind === 'page-changed' ? result.detail : `${result.kind} (HTTP ${result.status})`;
        throw new RouteRefreshError(`${provider.name} did not give its network: ${why}; the routes were left as they were`);
      }
      // A station we have no airport record for (zone, coordinates) could not be searched or shown: leave it out.
      const unknown = new Set<string>();
      const known = (code: string) => {
        const ok = /^[A-Z]{3}$/.test(code) && findAirport(code) !== undefined;
        if (!ok) unknown.add(code);
        return ok;
      };
      const rows = result.routes.filter((r) => known(r.origin) && known(r.destination));
      if (rows.length === 0) throw new RouteRefreshError(`${provider.name} listed no usable routes; the routes were left as they were`);
      const { added, removed } = diffRoutes(reference.routes(), rows);
      if (!opts.dryRun) await reference.replaceRoutes(rows);
      return {
        provider: provider.name,
        routes: rows.length,
        added,
        removed,
        skipped: result.routes.length - rows.length,
        unknownStations: [...unknown].sort(),
        dryRun: opts.dryRun,
      };
    },
  };
}
export type RouteRefresh = ReturnType<typeof createRouteRefresh>;
